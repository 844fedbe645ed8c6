/**
 * Access tokens signed outside a sign-in (`pnpm token`, tests), shaped exactly like the JWT
 * access tokens oidc-provider issues for the API resource (its lib/models/formats/jwt.js):
 * header `{ alg: RS256, typ: at+jwt, kid }`, claims jti, sub, iat, exp, scope, client_id, iss,
 * aud, plus the `extraTokenClaims` e-mail, e-mail verification and name.
 */
import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import type { SigningJwk } from './identity-keys.js';

/** The scopes the API resource server grants (see provider-configuration.ts). */
export const API_SCOPE = 'openid profile email';

/** @defaultValue 3600 s, as the provider's access tokens. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface AccessTokenIssuer {
  issuer: string;
  audience: string;
  clientId: string;
  signingKey: SigningJwk;
}

export interface AccessTokenSubject {
  sub: string;
  email?: string;
  /** Whether the issuer vouches for the e-mail (the gateway promotes ADMIN_EMAILS only then). @defaultValue true when an e-mail is given */
  emailVerified?: boolean;
  name?: string;
}

export async function signAccessToken(
  { issuer, audience, clientId, signingKey }: AccessTokenIssuer,
  { sub, email, emailVerified, name }: AccessTokenSubject,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  const key = await importJWK(signingKey, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  const email_verified = email === undefined ? undefined : (emailVerified ?? true);
  return new SignJWT({ email, email_verified, name, scope: API_SCOPE, client_id: clientId })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signingKey.kid })
    .setJti(randomBytes(21).toString('base64url'))
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .setIssuer(issuer)
    .setAudience(audience)
    .sign(key);
}
