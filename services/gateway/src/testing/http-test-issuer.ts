/**
 * A remote OpenID issuer for gateway tests, over real HTTP on a loopback port: a discovery
 * document, a JWKS and a userinfo endpoint, each counting the requests it answered, so tests
 * see exactly how often the gateway goes to its issuer. Tokens are signed like createTestIssuer's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { TestTokenClaims, TestTokenOptions } from './test-issuer.js';

export interface HttpTestIssuer {
  /** `http://127.0.0.1:{port}/`, as the `iss` claim and OIDC_ISSUER say it. */
  issuer: string;
  audience: string;
  env: { OIDC_ISSUER: string; OIDC_AUDIENCE: string };
  /** Requests answered per path, e.g. `/jwks`. */
  hits(path: '/.well-known/openid-configuration' | '/jwks' | '/userinfo'): number;
  /** Claims the userinfo endpoint answers for a subject (it answers 401 for unknown ones). */
  setUserinfo(sub: string, claims: Record<string, unknown>): void;
  /** Adds a signing key to the published set (a rotation); its kid is returned. */
  rotateKey(): Promise<string>;
  token(claims: TestTokenClaims, options?: TestTokenOptions): Promise<string>;
  close(): Promise<void>;
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newSigningKey(kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export async function startHttpTestIssuer(audience = 'https://api.test'): Promise<HttpTestIssuer> {
  const keys: SigningKey[] = [await newSigningKey('http-key-1')];
  const userinfo = new Map<string, Record<string, unknown>>();
  const hits = new Map<string, number>();
  let issuer = '';

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/.well-known/openid-configuration') return json(200, { issuer, jwks_uri: `${issuer}jwks`, userinfo_endpoint: `${issuer}userinfo` });
    if (path === '/jwks') return json(200, { keys: keys.map((key) => key.publicJwk) });
    if (path === '/userinfo') {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token) return json(401, { error: 'invalid_token' });
      void jwtVerify(token, createLocalJWKSet({ keys: keys.map((key) => key.publicJwk) })).then(
        ({ payload }) => {
          const claims = userinfo.get(String(payload.sub));
          return claims ? json(200, { sub: payload.sub, ...claims }) : json(401, { error: 'invalid_token' });
        },
        () => json(401, { error: 'invalid_token' }),
      );
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  const token = async (claims: TestTokenClaims, options: TestTokenOptions = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const key = keys.find((candidate) => candidate.kid === options.kid) ?? keys[keys.length - 1]!;
    return new SignJWT({ ...claims, scope: 'openid profile email' })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? key.kid, typ: 'at+jwt' })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? audience)
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(options.privateKey ?? key.privateKey);
  };

  return {
    issuer,
    audience,
    env: { OIDC_ISSUER: issuer, OIDC_AUDIENCE: audience },
    hits: (path) => hits.get(path) ?? 0,
    setUserinfo: (sub, claims) => void userinfo.set(sub, claims),
    async rotateKey() {
      const key = await newSigningKey(`http-key-${keys.length + 1}`);
      keys.push(key);
      return key.kid;
    },
    token,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
