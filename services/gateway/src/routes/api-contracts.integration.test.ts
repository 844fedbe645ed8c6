/**
 * The path map of @ust/schemas (API_ROUTES) is the contract of every route under /api: the web
 * client takes its types from it, so a route it lacks has no types, and a route that declares
 * other schemas than its entry says would answer what the client does not expect. Holds the
 * gateway to it: the map's keys are the /api operations of the OpenAPI document, and each route
 * declares its entry's parameter, query, body and success schemas (the same objects).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@ust/platform';
import { API_ROUTES, type ApiRoute, type RouteContract } from '@ust/schemas';
import app from '../app.js';
import { AJV_OPTIONS } from '../build.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../testing/embedded-test-ports.js';
import { readRouteTable, routeName, type OpenApiDocument } from '../testing/route-table.js';
import { createTestIssuer } from '../testing/test-issuer.js';

interface DeclaredRoute {
  /** `METHOD /api/path/{param}`, as the path map and the route table name it. */
  name: string;
  schema: { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown>; hide?: boolean };
}

/** `GET /api/facilities/:id/` as `GET /api/facilities/{id}`. */
function declaredName(route: Pick<RouteOptions, 'method' | 'url'>): string {
  return `${String(route.method)} ${route.url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`;
}

describe('the path map of @ust/schemas', () => {
  let embedded: EmbeddedTestPorts;
  let gateway: FastifyInstance;
  const declared: DeclaredRoute[] = [];

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('api-contracts');
    const issuer = await createTestIssuer();
    // The gateway as build.ts makes it, with a hook ahead of the routes that sees each one's schema.
    gateway = Fastify({ ajv: AJV_OPTIONS, routerOptions: { maxParamLength: 200 } }).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;
    gateway.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD' && route.url.startsWith('/api/'))
        declared.push({ name: declaredName(route), schema: (route.schema ?? {}) as DeclaredRoute['schema'] });
    });
    await gateway.register(app, { config: loadConfig({ ...issuer.env }), ports: embedded.ports, signingKeys: issuer.signingKeys });
    await gateway.ready();
  });
  afterAll(async () => {
    await gateway?.close();
    await embedded?.close();
  });

  it('has a key for every /api operation of the OpenAPI document, and none besides', async () => {
    const document = (await gateway.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApiDocument;
    const operations = readRouteTable(document)
      .filter((route) => route.template.startsWith('/api/'))
      .map(routeName);
    expect(operations.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(API_ROUTES).sort()).toEqual([...new Set(operations)].sort());
  });

  it("is what each route declares: its entry's parameters, query, body and success answer", () => {
    const documented = declared.filter((route) => !route.schema.hide);
    expect(new Set(documented.map((route) => route.name))).toEqual(new Set(Object.keys(API_ROUTES)));
    const mismatches: string[] = [];
    for (const { name, schema } of documented) {
      const contract: RouteContract = API_ROUTES[name as ApiRoute];
      const success = Object.entries(schema.response ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      const parts: Array<[part: string, declared: unknown, contracted: unknown]> = [
        ['params', schema.params, contract.params],
        ['query', schema.querystring, contract.query],
        ['body', schema.body, contract.body],
        ['response', success.length === 1 ? success[0]![1] : `${success.length} success statuses`, contract.response],
      ];
      for (const [part, ofRoute, ofMap] of parts) if (ofRoute !== ofMap) mismatches.push(`${name}: its ${part} schema is not the path map's`);
    }
    expect(mismatches).toEqual([]);
  });
});
