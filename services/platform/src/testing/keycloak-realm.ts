/**
 * A Keycloak realm set up as deploy/README.md ("Trusting Keycloak") tells an operator to: a
 * public client with the authorization code flow and PKCE (S256) whose redirect URIs are the
 * platform's public URL, an audience mapper putting the platform's API audience into access
 * tokens, and users with or without a verified e-mail. `signIn` then gets a user's tokens the way
 * the browser does: the login form, the credentials posted, the redirect's code exchanged with
 * the verifier.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { RunningKeycloak } from './keycloak-server.js';

export interface KeycloakTestUser {
  username: string;
  password: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface KeycloakRealmOptions {
  /** The realm's name; one per test file keeps tests apart on a shared server. */
  realm: string;
  /** The platform's public URL: the client accepts redirects to any path under it. */
  publicUrl: string;
  /** The API audience the gateway requires (OIDC_AUDIENCE). */
  audience: string;
  /** @defaultValue 'ust-web' (OIDC_CLIENT_ID's default) */
  clientId?: string;
  users: readonly KeycloakTestUser[];
  /** More public clients like it but without the audience mapper: an app whose tokens are not for the API. */
  clientsWithoutAudience?: readonly string[];
}

export interface KeycloakTokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
}

export interface KeycloakRealm {
  /** OIDC_ISSUER for this realm: exactly the `iss` of its tokens. */
  issuer: string;
  clientId: string;
  /** The redirect URI `signIn` uses: the platform's /callback. */
  redirectUri: string;
  /** Signs `user` in to `clientId` (the realm's own by default) through the authorization code flow with PKCE. */
  signIn(user: Pick<KeycloakTestUser, 'username' | 'password'>, clientId?: string): Promise<KeycloakTokens>;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const TIMEOUT_MS = 30_000;

/** An admin REST API caller with the master realm's admin token. */
async function adminApi(keycloak: RunningKeycloak) {
  const token = await postForm<{ access_token: string }>(`${keycloak.url}/realms/master/protocol/openid-connect/token`, {
    grant_type: 'password',
    client_id: 'admin-cli',
    username: keycloak.admin.username,
    password: keycloak.admin.password,
  });
  return async (method: 'POST' | 'GET', path: string, body?: unknown): Promise<Response> => {
    const response = await fetch(`${keycloak.url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Keycloak admin API ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return response;
  };
}

async function postForm<T>(url: string, form: Record<string, string>): Promise<T> {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(form), signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Creates the realm, its client and users on `keycloak`. */
export async function createKeycloakRealm(keycloak: RunningKeycloak, options: KeycloakRealmOptions): Promise<KeycloakRealm> {
  const { realm, publicUrl, audience, clientId = 'ust-web', users, clientsWithoutAudience = [] } = options;
  const api = await adminApi(keycloak);
  await api('POST', '/realms', { realm, enabled: true });
  const publicClient = (id: string) => ({
    clientId: id,
    protocol: 'openid-connect',
    publicClient: true,
    standardFlowEnabled: true,
    implicitFlowEnabled: false,
    directAccessGrantsEnabled: false,
    redirectUris: [`${publicUrl}/*`],
    webOrigins: [publicUrl],
    attributes: { 'pkce.code.challenge.method': 'S256', 'post.logout.redirect.uris': `${publicUrl}/*` },
  });
  await api('POST', `/realms/${realm}/clients`, {
    ...publicClient(clientId),
    protocolMappers: [
      {
        name: 'platform API audience',
        protocol: 'openid-connect',
        protocolMapper: 'oidc-audience-mapper',
        config: { 'included.custom.audience': audience, 'access.token.claim': 'true', 'id.token.claim': 'false', 'introspection.token.claim': 'true' },
      },
    ],
  });
  for (const id of clientsWithoutAudience) await api('POST', `/realms/${realm}/clients`, publicClient(id));
  for (const user of users) {
    await api('POST', `/realms/${realm}/users`, {
      username: user.username,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      enabled: true,
      requiredActions: [],
      credentials: [{ type: 'password', value: user.password, temporary: false }],
    });
  }
  const issuer = `${keycloak.url}/realms/${realm}`;
  const redirectUri = `${publicUrl}/callback`;
  return { issuer, clientId, redirectUri, signIn: (user, client = clientId) => signInWithCode(issuer, client, redirectUri, user) };
}

/** Cookies as a browser keeps them for one host: the last value of each name. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator > 0) this.cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const decodeHtml = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** The authorization code flow with PKCE, as the web app's browser runs it, over plain HTTP. */
async function signInWithCode(
  issuer: string,
  clientId: string,
  redirectUri: string,
  user: Pick<KeycloakTestUser, 'username' | 'password'>,
): Promise<KeycloakTokens> {
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const state = base64url(randomBytes(16));
  const authorize = new URL(`${issuer}/protocol/openid-connect/auth`);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    state,
    nonce: base64url(randomBytes(16)),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const jar = new CookieJar();
  const loginPage = await fetch(authorize, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  jar.take(loginPage);
  const html = await loginPage.text();
  const action = /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1];
  if (loginPage.status !== 200 || action === undefined) throw new Error(`Keycloak's login page (HTTP ${loginPage.status}) has no form: ${html.slice(0, 500)}`);

  const posted = await fetch(decodeHtml(action), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.username, password: user.password, credentialId: '' }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const location = posted.headers.get('location');
  if (posted.status !== 302 || location === null || !location.startsWith(redirectUri)) {
    const page = await posted.text();
    const message = /id="input-error[^"]*"[^>]*>([^<]*)</.exec(page)?.[1]?.trim() ?? page.slice(0, 500);
    throw new Error(`Keycloak did not sign ${user.username} in (HTTP ${posted.status}, location ${location}): ${message}`);
  }
  await posted.body?.cancel();
  const callback = new URL(location);
  if (callback.searchParams.get('state') !== state) throw new Error(`Keycloak redirected with state ${callback.searchParams.get('state')}, not ${state}`);
  const code = callback.searchParams.get('code');
  if (code === null) throw new Error(`Keycloak redirected without a code: ${location}`);
  return postForm<KeycloakTokens>(`${issuer}/protocol/openid-connect/token`, {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
}
