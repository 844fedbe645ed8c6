/**
 * Who a user says they are, as far as the gateway believes it
 * (docs/decisions/0032-identity-from-token.md): the e-mail, whether the issuer verified it,
 * and the name, from the verified access token only. An issuer whose access tokens carry no
 * e-mail (Auth0's, by default) is asked at its userinfo endpoint, with the user's own token,
 * once per user; the answer is kept in the cache. Nothing a client writes in a request body
 * ever ends up here.
 */
import type { Cache } from '@ust/platform';
import { fetchJson, type Fetch, type IssuerMetadata } from './issuer-metadata.js';

export interface IdentityClaims {
  email: string | null;
  /** True only when the issuer says so: ADMIN_EMAILS promotes only verified addresses. */
  emailVerified: boolean;
  name: string | null;
}

/** The identity claims of an access token (or a userinfo answer), each checked for its type. */
export function identityClaimsOf(claims: { email?: unknown; email_verified?: unknown; name?: unknown }): IdentityClaims {
  return {
    email: typeof claims.email === 'string' && claims.email !== '' ? claims.email : null,
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === 'string' && claims.name !== '' ? claims.name : null,
  };
}

/** Claims the issuer holds for the token's subject; undefined when it offers no userinfo endpoint. */
export type UserinfoSource = (subject: { sub: string; userId: string }, accessToken: string) => Promise<IdentityClaims | undefined>;

export interface RemoteUserinfoOptions {
  metadata: () => Promise<IssuerMetadata>;
  cache: Cache;
  fetch?: Fetch;
  /** How long an answer is kept, so a changed e-mail arrives within a day. @defaultValue 86_400 */
  ttlSeconds?: number;
}

export const userinfoCacheKey = (userId: string) => `userinfo:${userId}`;

export function remoteUserinfo({ metadata, cache, fetch = globalThis.fetch, ttlSeconds = 86_400 }: RemoteUserinfoOptions): UserinfoSource {
  const inFlight = new Map<string, Promise<IdentityClaims | undefined>>();

  async function load(sub: string, userId: string, accessToken: string): Promise<IdentityClaims | undefined> {
    const cached = await cache.get(userinfoCacheKey(userId));
    if (cached !== null) return JSON.parse(cached) as IdentityClaims;
    const { userinfo_endpoint: endpoint } = await metadata();
    if (!endpoint) return undefined;
    const answer = (await fetchJson(fetch, endpoint, { authorization: `Bearer ${accessToken}` })) as Record<string, unknown> | null;
    // OpenID Connect Core 5.3.2: the answer's sub must be the token's, or it is someone else's.
    if (answer?.sub !== sub) throw new Error(`the userinfo endpoint answered for ${JSON.stringify(answer?.sub)}, not ${JSON.stringify(sub)}`);
    const claims = identityClaimsOf(answer);
    await cache.set(userinfoCacheKey(userId), JSON.stringify(claims), { ttlSeconds });
    return claims;
  }

  return ({ sub, userId }, accessToken) => {
    let pending = inFlight.get(userId);
    if (!pending) {
      pending = load(sub, userId, accessToken).finally(() => inFlight.delete(userId));
      inFlight.set(userId, pending);
    }
    return pending;
  };
}
