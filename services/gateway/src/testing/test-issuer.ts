/**
 * A throwaway OpenID issuer for gateway tests: an RS256 key pair and a signer, so tests call
 * the API with real, verifiable bearer tokens (and craft the ones that must be refused: another
 * key, another audience, expired, HS256).
 */
import type { JsonWebKey } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { localSigningKeys, type SigningKeyResolver } from '../auth/signing-keys.js';

export interface TestTokenClaims {
  sub: string;
  email?: string;
  /** The issuer's word that the e-mail is the user's; ADMIN_EMAILS promotes only when true. */
  email_verified?: boolean;
  name?: string;
  sid?: string;
}

export interface TestTokenOptions {
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for an expired token. @defaultValue 3600 */
  expiresIn?: number;
  /** Sign with this key instead of the issuer's (a forged token). */
  privateKey?: CryptoKey;
  kid?: string;
}

export interface TestIssuer {
  issuer: string;
  audience: string;
  signingKeys: SigningKeyResolver;
  /** Environment for loadConfig so the gateway trusts this issuer. */
  env: { OIDC_ISSUER: string; OIDC_AUDIENCE: string };
  token(claims: TestTokenClaims, options?: TestTokenOptions): Promise<string>;
  /** `{ authorization: 'Bearer ...' }` for inject(). */
  headers(claims: TestTokenClaims, options?: TestTokenOptions): Promise<{ authorization: string }>;
}

export async function createTestIssuer(issuer = 'https://issuer.test/', audience = 'https://api.test'): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const token = async (claims: TestTokenClaims, options: TestTokenOptions = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims, scope: 'openid profile email' })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key-1', typ: 'at+jwt' })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? audience)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(options.privateKey ?? privateKey);
  };
  return {
    issuer,
    audience,
    signingKeys: localSigningKeys(() => ({ keys: [jwk as JsonWebKey] })),
    env: { OIDC_ISSUER: issuer, OIDC_AUDIENCE: audience },
    token,
    headers: async (claims, options) => ({ authorization: `Bearer ${await token(claims, options)}` }),
  };
}
