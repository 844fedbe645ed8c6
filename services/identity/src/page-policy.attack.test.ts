/**
 * Every page the embedded provider shows carries a Content-Security-Policy that runs no script
 * and posts forms only to the provider and the web app, so markup slipped into one (a reflected
 * error description, a client name) can neither run nor send the user elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDemoAccount, type DemoAccount } from './demo-accounts.js';
import { browser, signInThroughInject, startTestIdentity, TEST_CLIENT_ID, TEST_ISSUER, TEST_ORIGIN, type TestIdentity } from './testing/index.js';

const POLICY = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${TEST_ORIGIN}; frame-ancestors 'none'; base-uri 'none'`;

let test: TestIdentity;
let admin: DemoAccount;
beforeAll(async () => {
  test = await startTestIdentity();
  admin = findDemoAccount(test.identity.accounts, 'admin') as DemoAccount;
});
afterAll(() => test?.close());

describe("the provider's pages", () => {
  it('opens the sign-out page: it carries the policy, and its form still posts and ends the session', async () => {
    const client = browser(test.app, TEST_ISSUER);
    await signInThroughInject(test.app, {
      issuer: TEST_ISSUER,
      clientId: TEST_CLIENT_ID,
      redirectUri: `${TEST_ORIGIN}/callback`,
      email: admin.email,
      password: admin.password,
      jar: client.jar,
    });
    const end = await client.request(
      'GET',
      `${TEST_ISSUER}/session/end?${new URLSearchParams({ client_id: TEST_CLIENT_ID, post_logout_redirect_uri: `${TEST_ORIGIN}/` })}`,
    );
    expect(end.statusCode).toBe(200);
    expect(end.headers['content-type']).toContain('text/html');
    expect(end.headers['content-security-policy']).toBe(POLICY);
    const action = /<form[^>]*action="([^"]+)"/.exec(end.body)?.[1] as string;
    const hidden = Object.fromEntries([...end.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]));
    const confirm = await client.request('POST', action, { ...hidden, logout: 'yes' });
    expect(confirm.statusCode).toBe(303);
    expect(String(confirm.headers.location)).toBe(`${TEST_ORIGIN}/`);
    expect(client.jar.header()).not.toContain('ust_idp_session=');
  });

  it('opens the signed-out page the sign-out ends on without a return address: it carries the policy', async () => {
    const success = await browser(test.app, TEST_ISSUER).request('GET', `${TEST_ISSUER}/session/end/success`);
    expect(success.statusCode).toBe(200);
    expect(success.body).toContain('You are signed out');
    expect(success.headers['content-security-policy']).toBe(POLICY);
  });

  it("sends markup in an authorization request's parameters: the error page escapes it and carries the policy", async () => {
    const hostile = '<script>alert(1)</script><form action="https://evil.example/"><button>Continue</button></form>';
    const response = await browser(test.app, TEST_ISSUER).request('GET', `${TEST_ISSUER}/auth?${new URLSearchParams({ client_id: hostile })}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Sign-in could not continue');
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain('<form');
    expect(response.headers['content-security-policy']).toBe(POLICY);
  });

  it('opens a stale sign-in page: the error page carries the policy', async () => {
    const response = await browser(test.app, TEST_ISSUER).request('GET', `${TEST_ISSUER}/interaction/unknown`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Sign-in expired');
    expect(response.headers['content-security-policy']).toBe(POLICY);
  });
});
