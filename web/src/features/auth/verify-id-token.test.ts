import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import { verifyIdToken } from './verify-id-token';

const issuer = 'http://localhost:8080/idp';
const clientId = 'ust-web';

describe('verifyIdToken', () => {
  let keys: JWTVerifyGetKey;
  let sign: (
    claims: Record<string, unknown>,
    options?: { expiresAt?: number; alg?: string; key?: CryptoKey | Uint8Array; audience?: string },
  ) => Promise<string>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] });
    sign = (claims, { expiresAt, alg = 'RS256', key = privateKey, audience = clientId } = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg, kid: 'k1' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject('local|demo-admin')
        .setIssuedAt(now)
        .setExpirationTime(expiresAt ?? now + 3600)
        .sign(key);
    };
  });

  it('accepts a token for this client with the nonce of the sign-in request', async () => {
    const token = await sign({ nonce: 'n-1', email: 'admin@ust.local' });
    await expect(verifyIdToken(token, keys, { issuer, clientId, nonce: 'n-1' })).resolves.toMatchObject({ sub: 'local|demo-admin', email: 'admin@ust.local' });
  });

  it('rejects another nonce, another audience or another issuer', async () => {
    await expect(verifyIdToken(await sign({ nonce: 'n-2' }), keys, { issuer, clientId, nonce: 'n-1' })).rejects.toThrow(/nonce/);
    await expect(verifyIdToken(await sign({ nonce: 'n-1' }, { audience: 'other' }), keys, { issuer, clientId, nonce: 'n-1' })).rejects.toThrow(/aud/);
    await expect(verifyIdToken(await sign({ nonce: 'n-1' }), keys, { issuer: 'https://evil.example', clientId, nonce: 'n-1' })).rejects.toThrow(/iss/);
  });

  it('allows 60 s of clock skew on expiry and no more', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect(verifyIdToken(await sign({}, { expiresAt: now - 50 }), keys, { issuer, clientId })).resolves.toBeDefined();
    await expect(verifyIdToken(await sign({}, { expiresAt: now - 70 }), keys, { issuer, clientId })).rejects.toThrow(/exp/);
  });

  it('accepts RS256 only', async () => {
    const hmac = await sign({}, { alg: 'HS256', key: new TextEncoder().encode('a-shared-secret-of-32-bytes-long!') });
    await expect(verifyIdToken(hmac, keys, { issuer, clientId })).rejects.toThrow();
  });
});
