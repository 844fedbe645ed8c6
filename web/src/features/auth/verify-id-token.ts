/**
 * oidc-client-ts does not check the ID token's signature, so the app does (docs/product.md
 * section 5, docs/decisions/0001-id-token-verification.md): RS256 only, issuer, audience =
 * client id, expiry with 60 s leeway and the nonce the sign-in request carried. Loaded on
 * demand, so jose is not in the landing bundle.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export const CLOCK_TOLERANCE_SECONDS = 60;

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  /** Required after a sign-in we started; renewals by refresh token carry none to compare. */
  nonce?: string;
}

export async function verifyIdToken(idToken: string, keys: JWTVerifyGetKey, { issuer, clientId, nonce }: IdTokenExpectations): Promise<JWTPayload> {
  const { payload } = await jwtVerify(idToken, keys, {
    algorithms: ['RS256'],
    issuer,
    audience: clientId,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['sub', 'exp', 'iat'],
  });
  if (nonce !== undefined && payload.nonce !== nonce) throw new Error('The ID token does not answer this sign-in request (nonce mismatch)');
  return payload;
}

const keySets = new Map<string, JWTVerifyGetKey>();

/** One key set per JWKS address: jose caches the keys and refetches on an unknown kid. */
export function remoteKeys(jwksUri: string): JWTVerifyGetKey {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri));
    keySets.set(jwksUri, keys);
  }
  return keys;
}
