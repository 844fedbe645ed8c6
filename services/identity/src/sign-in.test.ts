import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findDemoAccount, type DemoAccount } from './demo-accounts.js';
import { SIGN_IN_TITLE, WRONG_CREDENTIALS_MESSAGE } from './pages.js';
import {
  browser,
  createPkce,
  signInThroughInject,
  startTestIdentity,
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
  TEST_ISSUER,
  TEST_ORIGIN,
  type TestIdentity,
  type TokenSet,
} from './testing/index.js';

const REDIRECT_URI = `${TEST_ORIGIN}/callback`;

let test: TestIdentity;
let admin: DemoAccount;
beforeAll(async () => {
  test = await startTestIdentity();
  admin = findDemoAccount(test.identity.accounts, 'admin') as DemoAccount;
});
afterAll(() => test?.close());

function authorizationUrl(challenge: string | undefined, scope = 'openid profile email'): string {
  const url = new URL(`${TEST_ISSUER}/auth`);
  url.search = new URLSearchParams({
    client_id: TEST_CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope,
    state: 'state-1',
    nonce: 'nonce-1',
    ...(challenge ? { code_challenge: challenge, code_challenge_method: 'S256' } : {}),
  }).toString();
  return url.href;
}

const verifyWithJwks = (token: string, audience: string) =>
  jwtVerify(token, createLocalJWKSet(test.identity.publicJwks() as never), { issuer: TEST_ISSUER, audience, algorithms: ['RS256'] });

describe('authorization code with PKCE', () => {
  it('signs in with the form and exchanges the code for tokens the gateway can verify', async () => {
    const pkce = createPkce();
    const client = browser(test.app, TEST_ISSUER);

    const toInteraction = await client.request('GET', authorizationUrl(pkce.challenge));
    expect(toInteraction.statusCode).toBe(303);
    const interaction = String(toInteraction.headers.location);
    expect(interaction).toMatch(/^\/idp\/interaction\/[\w-]+$/);

    const form = await client.request('GET', interaction);
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.body).toContain(`<title>${SIGN_IN_TITLE}</title>`);
    expect(form.body).toContain(`<form method="post" action="${interaction}/login">`);
    expect(form.body).toContain('<label for="email">');
    expect(form.body).toContain('<label for="password">');
    expect(form.body).toContain('<button type="submit">Sign in</button>');

    const login = await client.request('POST', `${interaction}/login`, { email: admin.email, password: admin.password });
    expect(login.statusCode).toBe(303);
    // Consent is granted for the first-party client: the next stop is the application.
    const resumed = await client.request('GET', String(login.headers.location));
    expect(resumed.statusCode).toBe(303);
    const callback = new URL(String(resumed.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('state-1');
    const code = callback.searchParams.get('code') as string;
    expect(code).toBeTruthy();

    const token = await client.request('POST', `${TEST_ISSUER}/token`, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: TEST_CLIENT_ID,
      code_verifier: pkce.verifier,
    });
    expect(token.statusCode).toBe(200);
    const tokens = token.json<TokenSet>();

    const access = await verifyWithJwks(tokens.access_token, TEST_AUDIENCE);
    expect(access.protectedHeader.alg).toBe('RS256');
    expect(access.payload).toMatchObject({ sub: 'local|demo-admin', email: 'admin@ust.local', name: admin.name });

    const id = await verifyWithJwks(tokens.id_token, TEST_CLIENT_ID);
    expect(id.payload).toMatchObject({ sub: 'local|demo-admin', email: 'admin@ust.local', email_verified: true, name: admin.name, nonce: 'nonce-1' });
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('exchanges the refresh token for a new access token and rotates it', async () => {
    const tokens = await signInThroughInject(test.app, {
      issuer: TEST_ISSUER,
      clientId: TEST_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      email: admin.email,
      password: admin.password,
    });
    const refreshed = await browser(test.app, TEST_ISSUER).request('POST', `${TEST_ISSUER}/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
      client_id: TEST_CLIENT_ID,
    });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<TokenSet>();
    expect((await verifyWithJwks(next.access_token, TEST_AUDIENCE)).payload.sub).toBe('local|demo-admin');
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('signs access tokens with issueAccessToken exactly as the provider does', async () => {
    const fromProvider = await signInThroughInject(test.app, {
      issuer: TEST_ISSUER,
      clientId: TEST_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      email: admin.email,
      password: admin.password,
    });
    const issued = await test.identity.issueAccessToken({ sub: admin.sub, email: admin.email, name: admin.name });
    const [provider, direct] = await Promise.all([verifyWithJwks(fromProvider.access_token, TEST_AUDIENCE), verifyWithJwks(issued, TEST_AUDIENCE)]);
    expect(direct.protectedHeader).toEqual(provider.protectedHeader);
    expect(Object.keys(direct.payload).sort()).toEqual(Object.keys(provider.payload).sort());
    const { jti: _a, iat: _b, exp: _c, ...providerClaims } = provider.payload;
    const { jti: _d, iat: _e, exp: _f, ...directClaims } = direct.payload;
    expect(directClaims).toEqual(providerClaims);
    expect(decodeJwt(issued).exp! - decodeJwt(issued).iat!).toBe(3600);
  });

  it('renews silently (prompt=none) while the provider session lasts, without a form', async () => {
    const client = browser(test.app, TEST_ISSUER);
    await signInThroughInject(test.app, {
      issuer: TEST_ISSUER,
      clientId: TEST_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      email: admin.email,
      password: admin.password,
      jar: client.jar,
    });
    const silent = new URL(authorizationUrl(createPkce().challenge));
    silent.searchParams.set('prompt', 'none');
    silent.searchParams.set('redirect_uri', `${TEST_ORIGIN}/silent-renew.html`);
    const response = await client.request('GET', silent.href);
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(location.pathname).toBe('/silent-renew.html');
    expect(location.searchParams.get('code')).toBeTruthy();
  });

  it('refuses an authorization request without PKCE', async () => {
    const response = await browser(test.app, TEST_ISSUER).request('GET', authorizationUrl(undefined));
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });
});

describe('refresh tokens of the web client', () => {
  const HOUR_MS = 60 * 60 * 1000;
  const signIn = () =>
    signInThroughInject(test.app, { issuer: TEST_ISSUER, clientId: TEST_CLIENT_ID, redirectUri: REDIRECT_URI, email: admin.email, password: admin.password });
  async function refresh(refreshToken: string): Promise<{ status: number; body: Partial<TokenSet> & { error?: string } }> {
    const response = await browser(test.app, TEST_ISSUER).request('POST', `${TEST_ISSUER}/token`, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: TEST_CLIENT_ID,
    });
    return { status: response.statusCode, body: response.json() };
  }

  afterEach(() => vi.useRealTimers());

  it('last 12 hours from the sign-in, however often they are rotated', async () => {
    // Only the clock the provider reads moves, and only when the test moves it.
    vi.useFakeTimers({ toFake: ['Date'] });
    const signedInAt = Date.now();
    const first = await signIn();

    vi.setSystemTime(signedInAt + 6 * HOUR_MS);
    const second = await refresh(first.refresh_token as string);
    expect(second.status).toBe(200);
    vi.setSystemTime(signedInAt + 12 * HOUR_MS - 60_000);
    const third = await refresh(second.body.refresh_token as string);
    expect(third.status).toBe(200);
    expect(third.body.refresh_token).toBeTruthy();

    // Just past 12 hours the token issued a minute before is refused: it ends with the chain.
    vi.setSystemTime(signedInAt + 12 * HOUR_MS + 1_000);
    expect(await refresh(third.body.refresh_token as string)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('are refused once used, and a used one presented again ends the chain it started', async () => {
    const tokens = await signIn();
    const rotated = await refresh(tokens.refresh_token as string);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(tokens.refresh_token);

    expect(await refresh(tokens.refresh_token as string)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // Whoever held the newer token (the user, or whoever took the old one first) is signed out too.
    expect(await refresh(rotated.body.refresh_token as string)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('end with the provider session when the user signs out', async () => {
    const client = browser(test.app, TEST_ISSUER);
    const tokens = await signInThroughInject(test.app, {
      issuer: TEST_ISSUER,
      clientId: TEST_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      email: admin.email,
      password: admin.password,
      jar: client.jar,
    });
    const end = await client.request('GET', `${TEST_ISSUER}/session/end?${new URLSearchParams({ client_id: TEST_CLIENT_ID })}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(end.body)?.[1] as string;
    const hidden = Object.fromEntries([...end.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    expect((await client.request('POST', action, { ...hidden, logout: 'yes' })).statusCode).toBe(303);

    expect(await refresh(tokens.refresh_token as string)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('sign-in form', () => {
  async function openForm() {
    const client = browser(test.app, TEST_ISSUER);
    const toInteraction = await client.request('GET', authorizationUrl(createPkce().challenge));
    return { client, interaction: String(toInteraction.headers.location) };
  }

  it('answers a wrong password with 401 and the message, keeping the e-mail typed', async () => {
    const { client, interaction } = await openForm();
    const response = await client.request('POST', `${interaction}/login`, { email: admin.email, password: 'not-the-password' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(WRONG_CREDENTIALS_MESSAGE);
    expect(response.body).toContain('value="admin@ust.local"');
    // The form still works after a failed attempt.
    const retry = await client.request('POST', `${interaction}/login`, { email: admin.email, password: admin.password });
    expect(retry.statusCode).toBe(303);
  });

  it('answers an unknown e-mail the same way and escapes what was typed', async () => {
    const { client, interaction } = await openForm();
    const response = await client.request('POST', `${interaction}/login`, { email: '"><script>alert(1)</script>', password: 'x' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(WRONG_CREDENTIALS_MESSAGE);
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('shows a readable page when the interaction cookie is missing', async () => {
    const { interaction } = await openForm();
    const response = await browser(test.app, TEST_ISSUER).request('GET', interaction);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Sign-in expired');
  });

  it('returns to the application with access_denied when the user cancels', async () => {
    const { client, interaction } = await openForm();
    const abort = await client.request('GET', `${interaction}/abort`);
    expect(abort.statusCode).toBe(303);
    const resumed = await client.request('GET', String(abort.headers.location));
    expect(new URL(String(resumed.headers.location)).searchParams.get('error')).toBe('access_denied');
  });
});

describe('sign-out (RP-initiated logout)', () => {
  it('asks for confirmation, then ends the session and returns to the application', async () => {
    const client = browser(test.app, TEST_ISSUER);
    await signInThroughInject(test.app, {
      issuer: TEST_ISSUER,
      clientId: TEST_CLIENT_ID,
      redirectUri: REDIRECT_URI,
      email: admin.email,
      password: admin.password,
      jar: client.jar,
    });
    expect(client.jar.header()).toContain('ust_idp_session=');
    const postLogout = `${TEST_ORIGIN}/`;
    const end = await client.request(
      'GET',
      `${TEST_ISSUER}/session/end?${new URLSearchParams({ client_id: TEST_CLIENT_ID, post_logout_redirect_uri: postLogout, state: 's' })}`,
    );
    expect(end.statusCode).toBe(200);
    expect(end.body).toContain('Sign out of UST Risk Platform?');
    const action = /<form[^>]*action="([^"]+)"/.exec(end.body)?.[1] as string;
    const hidden = Object.fromEntries([...end.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    const confirm = await client.request('POST', action, { ...hidden, logout: 'yes' });
    expect(confirm.statusCode).toBe(303);
    expect(String(confirm.headers.location)).toBe(`${postLogout}?state=s`);
    expect(client.jar.header()).not.toContain('ust_idp_session=');
  });
});
