/**
 * Users and roles (docs/architecture.md section 6). Roles live on the server, in the `users`
 * table, and are served from the cache on every request
 * (docs/decisions/0022-chdb-discipline.md).
 */
import Type, { type Static } from 'typebox';
import { AUTH_CONFIG_ELEMENT_ID, ROLES } from './constants.js';

export { AUTH_CONFIG_ELEMENT_ID, ROLES };
export const Role = Type.Enum(ROLES);
export type Role = Static<typeof Role>;
export const DEFAULT_ROLE: Role = 'general';

/**
 * POST /user-profile: sent by the web app after sign-in (docs/product.md section 7). Who the
 * user is comes from the verified access token (docs/decisions/0032-identity-from-token.md):
 * `email` and `name` are accepted for the spec's callers and ignored, never stored; a `sub`
 * other than the token's is refused.
 */
export const UserProfileBody = Type.Object(
  {
    sub: Type.String({ minLength: 1, maxLength: 200, description: "The identity subject, `provider|id`; must be the token's subject" }),
    email: Type.Optional(Type.String({ maxLength: 320, description: "Ignored: the e-mail recorded is the access token's (or the issuer's userinfo)" })),
    name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()], { description: "Ignored: the name recorded is the access token's" })),
  },
  { additionalProperties: false },
);
export type UserProfileBody = Static<typeof UserProfileBody>;

export const UserProfileResponse = Type.Object({
  id: Type.String(),
  sub: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  role: Role,
  is_active: Type.Boolean(),
});
export type UserProfileResponse = Static<typeof UserProfileResponse>;

/** A row of the `users` table: ReplacingMergeTree by `version`, the latest version wins. */
export interface UserRecord {
  /** Stable id derived from the subject. */
  id: string;
  auth0_user_id: string;
  /** As the issuer gives it; '' when it gives none. */
  email: string;
  name: string | null;
  role: Role;
  is_active: boolean;
  /** ISO 8601 UTC. */
  created_at: string;
  last_login: string | null;
  /** Milliseconds since the epoch of the change; higher wins. */
  version: number;
}

/** PATCH /admin/users/{id}: an admin changes a role or (de)activates a user. */
export const AdminUserPatchBody = Type.Object(
  {
    role: Type.Optional(Role),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminUserPatchBody = Static<typeof AdminUserPatchBody>;

/** The user PATCH /admin/users/{id} changes. */
export const AdminUserIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type AdminUserIdParams = Static<typeof AdminUserIdParams>;

/** GET /admin/users item (docs/product.md section 3 'User (admin list)' plus its activity count). */
export const AdminUser = Type.Object({
  id: Type.String(),
  auth0_user_id: Type.String(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  role: Role,
  created_at: Type.String(),
  last_login: Type.Union([Type.String(), Type.Null()]),
  is_active: Type.Boolean(),
  activity_count: Type.Integer(),
});
export type AdminUser = Static<typeof AdminUser>;

/**
 * GET /api/auth-config: how the web app signs in, given by the gateway at run time (and inlined
 * into its pages) so that one build of the app works with any issuer.
 */
export const AuthConfig = Type.Object({
  /** The OpenID issuer: OIDC_ISSUER, or the embedded provider at PUBLIC_URL/idp. */
  issuer: Type.String({ minLength: 1, description: 'The OpenID issuer the web app signs in with' }),
  /** OIDC_CLIENT_ID: the web app's public client (authorization code with PKCE). */
  client_id: Type.String({ minLength: 1, description: "The web app's public client id" }),
  /** The API's resource indicator, sent as `resource` so the access token is a JWT for the API. */
  audience: Type.String({ minLength: 1, description: 'The audience access tokens must carry (OIDC_AUDIENCE)' }),
});
export type AuthConfig = Static<typeof AuthConfig>;
