/**
 * The Host and X-Forwarded-* headers are the caller's to write: every URL the embedded provider
 * hands out (discovery, the redirects of a sign-in, the sign-out form and where it leads) stays
 * on the issuer's origin whatever they say.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDemoAccount, type DemoAccount } from './demo-accounts.js';
import { CookieJar, createPkce, startTestIdentity, TEST_CLIENT_ID, TEST_ISSUER, TEST_ORIGIN, type TestIdentity } from './testing/index.js';

const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
const REDIRECT_URI = `${TEST_ORIGIN}/callback`;

let test: TestIdentity;
let admin: DemoAccount;
beforeAll(async () => {
  test = await startTestIdentity();
  admin = findDemoAccount(test.identity.accounts, 'admin') as DemoAccount;
});
afterAll(() => test?.close());

/** A browser that reached the provider under the attacker's host name. */
function hostileBrowser() {
  const jar = new CookieJar();
  return {
    jar,
    async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
      const target = new URL(url, TEST_ORIGIN);
      const response = await test.app.inject({
        method,
        url: `${target.pathname}${target.search}`,
        headers: { ...HOSTILE, cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
      jar.store(response);
      return response;
    },
  };
}

/** Every absolute URL in a JSON document, wherever it sits. */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}

const onIssuer = (url: string) => url === TEST_ISSUER || url.startsWith(`${TEST_ISSUER}/`);

async function signInUnderHostileHost() {
  const client = hostileBrowser();
  const authorize = new URL(`${TEST_ISSUER}/auth`);
  authorize.search = new URLSearchParams({
    client_id: TEST_CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: createPkce().challenge,
    code_challenge_method: 'S256',
  }).toString();
  const toInteraction = await client.request('GET', authorize.href);
  const login = await client.request('POST', `${String(toInteraction.headers.location)}/login`, { email: admin.email, password: admin.password });
  return { client, toInteraction, login };
}

describe('the provider under a Host the attacker chose', () => {
  it('asks for the discovery document under Host: evil.example and X-Forwarded-Host: its endpoints stay on the issuer', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration', headers: HOSTILE });
    expect(response.statusCode).toBe(200);
    const discovery = response.json<Record<string, unknown>>();
    expect(discovery).toMatchObject({
      issuer: TEST_ISSUER,
      authorization_endpoint: `${TEST_ISSUER}/auth`,
      jwks_uri: `${TEST_ISSUER}/jwks`,
      end_session_endpoint: `${TEST_ISSUER}/session/end`,
      token_endpoint: `${TEST_ISSUER}/token`,
    });
    const urls = urlsIn(discovery);
    expect(urls.length).toBeGreaterThanOrEqual(5);
    expect(urls.filter((url) => !onIssuer(url))).toEqual([]);
  });

  it('signs in under Host: evil.example: each redirect of the flow leads back to the issuer', async () => {
    const { client, toInteraction, login } = await signInUnderHostileHost();
    expect(toInteraction.statusCode).toBe(303);
    expect(new URL(String(toInteraction.headers.location), TEST_ORIGIN).origin).toBe(TEST_ORIGIN);
    expect(login.statusCode).toBe(303);
    expect(String(login.headers.location)).toMatch(new RegExp(`^${TEST_ISSUER}/auth/[\\w-]+$`));
    const resumed = await client.request('GET', String(login.headers.location));
    expect(resumed.statusCode).toBe(303);
    expect(String(resumed.headers.location)).toMatch(new RegExp(`^${REDIRECT_URI}\\?code=`));
  });

  it('opens the sign-out page under Host: evil.example: its form posts to the issuer, which then shows its own page', async () => {
    const { client, login } = await signInUnderHostileHost();
    await client.request('GET', String(login.headers.location));
    const end = await client.request('GET', `${TEST_ISSUER}/session/end?${new URLSearchParams({ client_id: TEST_CLIENT_ID })}`);
    expect(end.statusCode).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(end.body)?.[1];
    expect(action).toBe(`${TEST_ISSUER}/session/end/confirm`);
    const hidden = Object.fromEntries([...end.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    const confirm = await client.request('POST', action!, { ...hidden, logout: 'yes' });
    expect(confirm.statusCode).toBe(303);
    expect(String(confirm.headers.location)).toBe(`${TEST_ISSUER}/session/end/success`);
  });
});
