/**
 * The route table as tests read it from the OpenAPI document (/docs/json): every operation with
 * the access app.ts documented for it (plugins/route-access.ts), and what a given caller must
 * get from the access checks, before any handler runs.
 */
import type { Role } from '@ust/schemas';
import { routeAccessOf, type RouteAccess } from '../plugins/route-access.js';

/** The parts of an OpenAPI 3.1 document the tests read. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  security?: Array<Record<string, string[]>>;
  components?: { schemas?: Record<string, unknown> };
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Record<string, unknown>;
}

export interface OpenApiOperation extends Record<string, unknown> {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

export interface RouteTableEntry {
  method: string;
  /** The OpenAPI path, `{name}` for a parameter. */
  template: string;
  operation: OpenApiOperation;
  access: RouteAccess;
}

export function readRouteTable(document: OpenApiDocument): RouteTableEntry[] {
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      operation,
      access: routeAccessOf(operation, document.security),
    })),
  );
}

/** `METHOD /path` as the route table and test names show it, without a prefix route's trailing slash. */
export function routeName(route: Pick<RouteTableEntry, 'method' | 'template'>): string {
  return `${route.method} ${withoutTrailingSlash(route.template)}`;
}

/** The route's URL with every path parameter set to `value` (access checks come before the handler). */
export function urlWith(route: Pick<RouteTableEntry, 'template'>, value: string): string {
  return withoutTrailingSlash(route.template.replace(/\{[^}]+\}/g, value));
}

function withoutTrailingSlash(path: string): string {
  return path.replace(/(.)\/$/, '$1');
}

/** Who calls, as the access checks see it. */
export type CallerStanding =
  | { kind: 'anonymous' }
  /** An Authorization header that does not hold a valid access token. */
  | { kind: 'bad-token' }
  | { kind: 'account'; role: Role; active: boolean };

/** What the access checks answer `caller` on a route with `access`: let it through, 401 or 403. */
export function accessDecision(access: RouteAccess, caller: CallerStanding): 'allowed' | 401 | 403 {
  if (access.token === 'none') return 'allowed';
  if (caller.kind === 'anonymous') return access.token === 'optional' ? 'allowed' : 401;
  if (caller.kind === 'bad-token') return 401;
  if (access.activeAccount && !caller.active) return 403;
  if (access.roles !== null && !access.roles.includes(caller.role)) return 403;
  return 'allowed';
}
