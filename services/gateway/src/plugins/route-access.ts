/**
 * Who may call a route, written into its OpenAPI operation by the scope that enforces it
 * (app.ts), so the document is the one route table: clients read it, and the security and fuzz
 * tests derive their expectations from it rather than from lists of their own.
 * - `security`: `[]` reads no token, `[{}, { bearerAuth: [] }]` takes one if sent, and
 *   `[{ bearerAuth: [] }]` needs one;
 * - `x-requires-active-account: true`: a deactivated account is refused
 *   (docs/decisions/0004-deactivated-accounts.md);
 * - `x-required-roles`: the roles that may call the route (any other gets 403).
 */
import type { FastifyInstance } from 'fastify';
import type { Role } from '@ust/schemas';

export const ACTIVE_ACCOUNT_EXTENSION = 'x-requires-active-account';
export const REQUIRED_ROLES_EXTENSION = 'x-required-roles';

/** Whether a route reads no token, takes one if sent, or needs one. */
export type TokenRule = 'none' | 'optional' | 'required';

export interface RouteAccess {
  token: TokenRule;
  /** A deactivated account is refused with 403. */
  activeAccount: boolean;
  /** The roles that may call the route (403 for any other); null when every role may. */
  roles: Role[] | null;
}

type SecurityRequirements = Array<Record<string, string[]>>;

const SECURITY: Record<TokenRule, SecurityRequirements> = {
  none: [],
  optional: [{}, { bearerAuth: [] }],
  required: [{ bearerAuth: [] }],
};

/** Writes `access` into the OpenAPI operation of every route `scope` and its children register. */
export function documentRouteAccess(scope: FastifyInstance, access: Partial<RouteAccess>): void {
  scope.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    if (access.token) schema.security = SECURITY[access.token];
    if (access.activeAccount) schema[ACTIVE_ACCOUNT_EXTENSION] = true;
    if (access.roles) schema[REQUIRED_ROLES_EXTENSION] = access.roles;
  });
}

/**
 * The access an OpenAPI operation documents; `documentSecurity` is the document's default,
 * which applies where the operation states none.
 */
export function routeAccessOf(operation: Record<string, unknown>, documentSecurity: SecurityRequirements = []): RouteAccess {
  const security = (operation.security as SecurityRequirements | undefined) ?? documentSecurity;
  const token: TokenRule = security.length === 0 ? 'none' : security.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'required';
  return {
    token,
    activeAccount: operation[ACTIVE_ACCOUNT_EXTENSION] === true,
    roles: (operation[REQUIRED_ROLES_EXTENSION] as Role[] | undefined) ?? null,
  };
}
