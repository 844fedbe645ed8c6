import { describe, expect, it } from 'vitest';
import { API_ROUTES, type RouteContract } from './api-routes.js';

const routes = Object.entries(API_ROUTES) as Array<[string, RouteContract]>;

describe('the path map', () => {
  it("keys every route 'METHOD /api/path' with its parameters in braces (a file's last segment may have an extension)", () => {
    for (const [route] of routes) expect(route).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api(\/([a-z0-9-]+|\{[a-z_]+\}))+(\.[a-z]+)?$/);
  });

  it("declares exactly the path's parameters, which the web client fills in by name", () => {
    for (const [route, contract] of routes) {
      const inPath = [...route.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1]).sort();
      const declared = Object.keys((contract.params as { properties?: object } | undefined)?.properties ?? {}).sort();
      expect(declared, route).toEqual(inPath);
    }
  });

  it('gives a GET no body', () => {
    expect(routes.filter(([route, contract]) => route.startsWith('GET ') && contract.body).map(([route]) => route)).toEqual([]);
  });
});
