/**
 * Keycloak as the external issuer, in a browser: the same web build as every other test learns
 * Keycloak's realm, the client id and the API audience from the gateway at run time, a visitor
 * signs in on Keycloak's own login form and comes back to the dashboard, with the role the
 * platform gives a verified ADMIN_EMAILS address or an ordinary user.
 *
 * Keycloak's issuer is pinned to http://127.0.0.1:<port> while the app is at
 * http://localhost:<port>: each keeps its own cookies, and the app's CSP names Keycloak's origin.
 * Starts its own Keycloak (minutes on a busy machine) unless KEYCLOAK_URL names one.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKeycloakRealm,
  findFreePort,
  KEYCLOAK_READY_TIMEOUT_MS,
  resolveKeycloak,
  type KeycloakRealm,
  type KeycloakTestUser,
  type RunningKeycloak,
} from '@ust/platform/testing';
import { problemsOf, screenshot, startPlatform, type Platform } from './harness.js';

const AUDIENCE = 'https://api.ust-risk.test';
/** Not the default 'ust-web': the app must use the client id the gateway gives it. */
const CLIENT_ID = 'ust-web-keycloak';

const user = (username: string, email: string, firstName: string): KeycloakTestUser => ({
  username,
  password: `${username}-${randomUUID()}`,
  email,
  emailVerified: true,
  firstName,
  lastName: 'Tester',
});
const admin = user('risk-admin', 'risk-admin@example.com', 'Ada');
const general = user('underwriter', 'underwriter@example.com', 'Uma');

async function navLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('list').getByRole('link').allTextContents();
}

describe('signing in through Keycloak in a browser', () => {
  let keycloak: RunningKeycloak;
  let realm: KeycloakRealm;
  let platform: Platform;

  beforeAll(async () => {
    keycloak = await resolveKeycloak();
    // The realm's client accepts redirects to the platform's public URL: its port is chosen first.
    const port = await findFreePort();
    realm = await createKeycloakRealm(keycloak, {
      realm: `ust-browser-${randomUUID().slice(0, 8)}`,
      publicUrl: `http://localhost:${port}`,
      audience: AUDIENCE,
      clientId: CLIENT_ID,
      users: [admin, general],
    });
    platform = await startPlatform({
      PORT: String(port),
      OIDC_ISSUER: realm.issuer,
      OIDC_AUDIENCE: AUDIENCE,
      OIDC_CLIENT_ID: CLIENT_ID,
      ADMIN_EMAILS: admin.email,
    });
  }, KEYCLOAK_READY_TIMEOUT_MS + 120_000);
  afterAll(async () => {
    await platform?.close();
    await keycloak?.stop();
  });

  /** Landing page, 'Access Platform', Keycloak's login form, back to the dashboard. */
  async function signInAtKeycloak(page: Page, who: KeycloakTestUser): Promise<void> {
    // A browser that signed in here before makes the start-up session check (session-hint.ts):
    // it asks Keycloak with prompt=none in a hidden frame; Keycloak answers "not signed in"
    // through silent-renew.html, and the landing page offers sign-in and forgets the note.
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('ust-signed-in-here', '1'));
    const sessionCheck = page.waitForRequest((request) => new URL(request.url()).pathname === '/silent-renew.html');
    await page.reload();
    expect(new URL((await sessionCheck).url()).searchParams.get('error')).toBe('login_required');
    await page.getByRole('button', { name: 'Access Platform' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ust-signed-in-here'))).toBeNull();
    await page.getByRole('button', { name: 'Access Platform' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${realm.issuer}/protocol/openid-connect/auth`));
    expect(new URL(page.url()).origin).toBe(keycloak.url);
    expect(new URL(page.url()).searchParams.get('client_id')).toBe(CLIENT_ID);
    await page.locator('#username').fill(who.username);
    await page.locator('#password').fill(who.password);
    await page.locator('#kc-login').click();
    await page.waitForURL((url) => url.origin === platform.baseUrl && url.pathname === '/dashboard');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
  }

  it("gives the web app Keycloak's realm, the client id and the audience, and lets the page talk to Keycloak", async () => {
    expect(platform.standalone.identity).toBeUndefined();
    const expected = { issuer: realm.issuer, client_id: CLIENT_ID, audience: AUDIENCE };
    expect(await (await fetch(`${platform.baseUrl}/api/auth-config`)).json()).toEqual(expected);
    const index = await fetch(`${platform.baseUrl}/`);
    const inlined = /<script type="application\/json" id="ust-auth-config">([^<]*)<\/script>/.exec(await index.text())?.[1];
    expect(JSON.parse(inlined ?? 'null')).toEqual(expected);
    const policy = index.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`connect-src 'self' ${keycloak.url}`);
    expect(policy).toContain(`frame-src 'self' ${keycloak.url}`);
  });

  it('signs the verified ADMIN_EMAILS user in on Keycloak and shows the admin dashboard', async () => {
    const page = await platform.newPage();
    await signInAtKeycloak(page, admin);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('Welcome, Ada Tester').waitFor();
    // The role is the server's answer to the profile call: the gateway verified Keycloak's token.
    await page.locator('.role-line', { hasText: 'Your role: admin' }).waitFor();
    await page.getByRole('heading', { name: 'Admin Tools' }).waitFor();
    await page.getByRole('region', { name: 'Facility Database Statistics', exact: true }).locator('.data-sources', { hasText: 'real EPA records' }).waitFor();
    expect(await navLinks(page)).toEqual(['Dashboard', 'Map', 'Search', 'Watchlists', 'Model', 'Screening', 'Tank AI']);
    await screenshot(page, 'keycloak-dashboard-admin');

    // The session outlives a reload: the stored tokens, no new trip to Keycloak's form.
    await page.reload();
    await page.locator('.role-line', { hasText: 'Your role: admin' }).waitFor();
    expect(new URL(page.url()).origin).toBe(platform.baseUrl);
    expect(problemsOf(page)).toEqual([]);
  });

  it('signs an ordinary user in on Keycloak to a general dashboard without admin tools, and signs them out of Keycloak', async () => {
    const page = await platform.newPage();
    await signInAtKeycloak(page, general);
    await page.getByText('Welcome, Uma Tester').waitFor();
    await page.locator('.role-line', { hasText: 'Your role: general' }).waitFor();
    await page.getByRole('region', { name: 'Facility Database Statistics', exact: true }).locator('.data-sources', { hasText: 'real EPA records' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Tools' }).count()).toBe(0);
    expect(await page.locator('#admin-panel').count()).toBe(0);
    expect(await navLinks(page)).toEqual(['Dashboard', 'Map', 'Search', 'Watchlists', 'Model']);
    await screenshot(page, 'keycloak-dashboard-general');

    // Logout ends Keycloak's session too: the next sign-in asks for the password again.
    const endSession = page.waitForRequest((request) => request.url().startsWith(`${realm.issuer}/protocol/openid-connect/logout`));
    await page.getByRole('button', { name: 'Logout' }).click();
    expect(new URL((await endSession).url()).searchParams.get('id_token_hint')).toBeTruthy();
    await page.getByRole('button', { name: 'Access Platform' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${realm.issuer}/protocol/openid-connect/auth`));
    await page.locator('#username').waitFor();
    expect(await page.locator('#password').inputValue()).toBe('');
    expect(problemsOf(page)).toEqual([]);
  });
});
