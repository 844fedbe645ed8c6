/**
 * The provider's RS256 signing key and cookie keys, generated on first run and kept under
 * `DATA_DIR/identity/` so that tokens and sessions signed before a restart still verify.
 */
import { randomBytes, type JsonWebKey } from 'node:crypto';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { readOrCreateSecretFile } from './secret-file.js';

/** A private RSA JWK with the fields oidc-provider's `jwks` option and jose need. */
export interface SigningJwk extends JWK {
  kty: 'RSA';
  kid: string;
  alg: 'RS256';
  use: 'sig';
  n: string;
  e: string;
  d: string;
}

export interface IdentityKeys {
  signingKey: SigningJwk;
  /** Newest first: oidc-provider signs cookies with the first and accepts all (rotation). */
  cookieKeys: string[];
}

const isJwksFile = (value: unknown): value is { keys: SigningJwk[] } => {
  const key = (value as { keys?: Partial<SigningJwk>[] } | undefined)?.keys?.[0];
  return key?.kty === 'RSA' && key.alg === 'RS256' && typeof key.kid === 'string' && typeof key.d === 'string';
};

const isCookieKeysFile = (value: unknown): value is { keys: string[] } => {
  const keys = (value as { keys?: unknown } | undefined)?.keys;
  return Array.isArray(keys) && keys.length > 0 && keys.every((key) => typeof key === 'string' && key.length >= 32);
};

async function createSigningKey(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  // The thumbprint as kid: stable for the key, and different for every generated key.
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: 'RS256', use: 'sig' } as SigningJwk;
}

/** Reads `jwks.json` and `cookie-keys.json` from `identityDir`, creating them on first run. */
export async function loadIdentityKeys(identityDir: string): Promise<IdentityKeys> {
  const jwks = await readOrCreateSecretFile(path.join(identityDir, 'jwks.json'), async () => ({ keys: [await createSigningKey()] }), isJwksFile);
  const cookies = await readOrCreateSecretFile(
    path.join(identityDir, 'cookie-keys.json'),
    async () => ({ keys: [randomBytes(32).toString('base64url')] }),
    isCookieKeysFile,
  );
  return { signingKey: jwks.keys[0] as SigningJwk, cookieKeys: cookies.keys };
}

/** The public half of the signing key, as `${issuer}/jwks` serves it. */
export function publicJwkOf({ kty, kid, alg, use, n, e }: SigningJwk): JsonWebKey & { kid: string } {
  return { kty, kid, alg, use, n, e };
}
