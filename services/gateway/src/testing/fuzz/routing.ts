/**
 * Where the router takes a fuzzed URL. A path parameter that is empty, undecodable or made of
 * dot segments can leave the route under test; the access expectations hold only for the route
 * that answers.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteTableEntry } from '../route-table.js';
import type { Routing } from './response-invariants.js';

const templatePatterns = new Map<string, RegExp>();

function templatePattern(template: string): RegExp {
  let pattern = templatePatterns.get(template);
  if (!pattern) {
    const source = template
      .replace(/(.)\/$/, '$1')
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '([^/]*)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('');
    pattern = new RegExp(`^${source}/?$`);
    templatePatterns.set(template, pattern);
  }
  return pattern;
}

/** The path parameters `path` gives the template, decoded; undefined when it does not fit or does not decode. */
function parametersOf(route: RouteTableEntry, path: string): string[] | undefined {
  const match = templatePattern(route.template).exec(path);
  if (!match) return undefined;
  try {
    return match.slice(1).map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
}

export function routingOf(gateway: FastifyInstance, route: RouteTableEntry, url: string): Routing {
  // The path as inject() sends it: WHATWG URL parsing resolves dot segments, as a browser does.
  const path = new URL(url, 'http://localhost').pathname;
  const found = gateway.findRoute({ method: route.method as 'GET', url: path });
  if (!found) return 'no route';
  const expected = parametersOf(route, path);
  const actual = Object.values(found.params as Record<string, string>);
  return expected && expected.length === actual.length && expected.every((value, index) => value === actual[index]) ? 'this route' : 'another route';
}
