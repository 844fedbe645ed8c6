/**
 * A browser and a PKCE client in a few functions, for tests that sign in through the mounted
 * provider with Fastify's inject() (no port): cookies are carried between calls by hand.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Keeps the cookies a response sets, by name (the provider's paths all lie under its mount path). */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired) this.#cookies.delete(cookie.name);
      else this.#cookies.set(cookie.name, cookie.value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** An inject() caller that sends the jar's cookies with the issuer's Host header and keeps what comes back. */
export function browser(app: FastifyInstance, issuer: string, jar = new CookieJar()) {
  const { host, origin } = new URL(issuer);
  return {
    jar,
    async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
      const target = new URL(url, origin);
      const response = await app.inject({
        method,
        url: `${target.pathname}${target.search}`,
        headers: {
          host,
          cookie: jar.header(),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
      jar.store(response);
      return response;
    },
  };
}

export interface SignInOptions {
  issuer: string;
  clientId: string;
  redirectUri: string;
  email: string;
  password: string;
  /** @defaultValue 'openid profile email', what the web app asks for */
  scope?: string;
  /** The browser's cookies: pass a jar to keep the provider's session for later requests. */
  jar?: CookieJar;
}

export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** Runs the authorization code flow with PKCE end to end and returns the token response. */
export async function signInThroughInject(app: FastifyInstance, options: SignInOptions): Promise<TokenSet> {
  const { issuer, clientId, redirectUri, email, password, scope = 'openid profile email', jar } = options;
  const pkce = createPkce();
  const client = browser(app, issuer, jar);
  const authorize = new URL(`${issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  }).toString();
  const toInteraction = await client.request('GET', authorize.href);
  const interaction = String(toInteraction.headers.location);
  const login = await client.request('POST', `${interaction}/login`, { email, password });
  if (login.statusCode !== 303) throw new Error(`sign-in failed with ${login.statusCode}`);
  const callback = await client.request('GET', String(login.headers.location));
  const code = new URL(String(callback.headers.location)).searchParams.get('code');
  if (!code) throw new Error(`no code in ${String(callback.headers.location)}`);
  const token = await client.request('POST', `${issuer}/token`, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: pkce.verifier,
  });
  if (token.statusCode !== 200) throw new Error(`token request failed with ${token.statusCode}: ${token.body}`);
  return token.json<TokenSet>();
}
