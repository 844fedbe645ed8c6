/**
 * The web app under its Content-Security-Policy in Chromium: every screen works without a
 * violation (the map drawn on tiles from two other origins, configured as MAP_ variables), an
 * inline script injected into the page is blocked and reported, sign-in renews silently
 * both through the provider's iframe and with the refresh token, and the API documentation and
 * the provider's sign-out page work under policies of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { problemsOf, signIn, startPlatform, type Platform } from './harness.js';
import { waitForColoured, waitForIdle } from './map-probe.js';
import { startTileServer, type TileServer } from './tile-server.js';

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

interface ViolationLog {
  /** securitypolicyviolation events of every document and frame the context opened. */
  violations: Violation[];
  /** What Chromium said about the policy on the console (it reports each blocked load there). */
  consoleReports: string[];
}

declare global {
  interface Window {
    ustReportViolation?: (violation: Violation) => void;
    ustInjected?: boolean;
  }
}

/** Collects violations from every page and frame of the context, across navigations. */
async function watchViolations(context: BrowserContext): Promise<ViolationLog> {
  const log: ViolationLog = { violations: [], consoleReports: [] };
  await context.exposeBinding('ustReportViolation', (_source, violation: Violation) => {
    log.violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.ustReportViolation?.({ directive: event.effectiveDirective, blocked: event.blockedURI, page: event.documentURI });
    });
  });
  context.on('console', (message) => {
    if (/content security policy/i.test(message.text())) log.consoleReports.push(message.text());
  });
  return log;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The session oidc-client-ts keeps for this tab. */
function storedUserKey(platform: Platform): string {
  return `oidc.user:${platform.baseUrl}/idp:ust-web`;
}

describe('Content-Security-Policy in Chromium', () => {
  let platform: Platform;
  let streetTiles: TileServer;
  let imagery: TileServer;

  beforeAll(async () => {
    [streetTiles, imagery] = await Promise.all([startTileServer(), startTileServer()]);
    platform = await startPlatform({ MAP_STREETS_STYLE_URL: streetTiles.styleUrl, MAP_SATELLITE_TILES_URL: imagery.tilesTemplate });
  });
  afterAll(async () => {
    await platform?.close();
    await Promise.all([streetTiles?.close(), imagery?.close()]);
  });

  it('every screen works without a violation: landing, dashboard and admin console, the map on configured tiles, a search, settings, Tank AI', async () => {
    const page = await platform.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const log = await watchViolations(page.context());

    const landing = await page.goto('/');
    expect(landing?.headers()['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; " +
        `img-src 'self' data: blob: ${streetTiles.origin} ${imagery.origin}; connect-src 'self' ${streetTiles.origin} ${imagery.origin}; ` +
        "worker-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    await page.getByRole('img', { name: /Underground storage tanks/ }).waitFor();

    await signIn(page, 'admin');
    const statistics = page.getByRole('region', { name: 'Facility Database Statistics', exact: true });
    await statistics.locator('svg.recharts-surface').nth(2).waitFor();
    const adminConsole = page.locator('#admin-panel');
    for (const tab of ['User Activities', 'User Management', 'Active Sessions', 'Analytics', 'System Logs']) {
      await adminConsole.getByRole('tab', { name: tab, exact: true }).click();
      await adminConsole.locator('[role="tab"][aria-selected="true"]', { hasText: tab }).waitFor();
    }
    await adminConsole.getByRole('tabpanel').getByRole('row').nth(1).waitFor();

    await mainNav(page).getByRole('link', { name: 'Map' }).click();
    await waitForColoured(page, 'counties');
    expect(await page.getByLabel('Map Style').inputValue()).toBe('streets');
    expect(streetTiles.tilesServed.streets).toBeGreaterThan(0);
    await page.getByLabel('Map Style').selectOption('satellite');
    await expect.poll(() => imagery.tilesServed.satellite ?? 0).toBeGreaterThan(0);
    await waitForIdle(page);

    await mainNav(page).getByRole('link', { name: 'Search' }).click();
    const address = '1016 Bladensburg Rd NE, Washington DC 20002';
    await page.getByRole('combobox', { name: 'Address' }).fill(address);
    await page.getByRole('button', { name: 'Search Facilities' }).click();
    await page.getByText(`Found 25 closest facilities to "${address}"`).waitFor();
    await page.locator('.facility-card').first().getByRole('button', { name: 'View Details' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Key Information' }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: /^Settings for / }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.locator('.theme-card', { hasText: 'Midnight Pro' }).click();

    await mainNav(page).getByRole('link', { name: 'Tank AI' }).click();
    await page.getByRole('textbox', { name: 'Your question' }).fill('How many facilities are there?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // The greeting, the question, then the answer.
    await page.getByRole('log', { name: 'Conversation with Tank AI' }).locator('article').nth(2).waitFor({ timeout: 10_000 });

    expect(log.violations).toEqual([]);
    expect(log.consoleReports).toEqual([]);
    expect(problemsOf(page)).toEqual([]);
  });

  it('blocks an inline script injected into the page, and reports it', async () => {
    const page = await platform.newPage();
    const log = await watchViolations(page.context());
    await page.goto('/');
    await page.getByRole('button', { name: 'Access Platform' }).waitFor();

    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.ustInjected = true;';
      document.body.append(script);
    });

    await expect.poll(() => log.violations).toEqual([{ directive: 'script-src-elem', blocked: 'inline', page: `${platform.baseUrl}/` }]);
    expect(await page.evaluate(() => window.ustInjected)).toBeUndefined();
    expect(log.consoleReports).toEqual([expect.stringMatching(/inline script.*Content Security Policy directive.*script-src 'self'/)]);
  });

  it("the API documentation and the provider's sign-out page work under their own policies", async () => {
    const page = await platform.newPage();
    const log = await watchViolations(page.context());

    const docs = await page.goto('/docs/');
    expect(docs?.headers()['content-security-policy']).toContain("script-src 'self';");
    // Swagger UI drew the operations it read from /docs/json.
    await page.locator('.opblock-summary-path', { hasText: '/api/search-address' }).first().waitFor();
    await page.locator('.opblock-tag', { hasText: /./ }).first().waitFor();

    await signIn(page, 'general');
    const signOutPage = page.waitForResponse((response) => new URL(response.url()).pathname === '/idp/session/end');
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await signOutPage).headers()['content-security-policy']).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${platform.baseUrl}; frame-ancestors 'none'; base-uri 'none'`,
    );
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Login' }).waitFor();

    expect(log.violations).toEqual([]);
    expect(log.consoleReports).toEqual([]);
    expect(problemsOf(page)).toEqual([]);
  });

  it('renews silently under the policy: a new tab through the provider iframe, an expired token with the refresh token', async () => {
    const page = await platform.newPage();
    const log = await watchViolations(page.context());
    await signIn(page, 'general');

    // sessionStorage is per tab: the new tab has only the provider's cookie, so it asks in the iframe.
    const tab = await page.context().newPage();
    const [renewPage, settings] = await Promise.all([
      tab.waitForResponse((response) => new URL(response.url()).pathname === '/silent-renew.html'),
      tab.goto('/settings'),
    ]);
    expect(settings?.headers()['content-security-policy']).toContain(
      "frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(new URL(renewPage.url()).searchParams.get('code')).toBeTruthy();
    // Framed by the app itself, which every other page forbids.
    expect(renewPage.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(renewPage.frame().parentFrame()?.url()).toBe(`${platform.baseUrl}/settings`);
    await tab.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await tab.locator('.profile').innerText()).toContain('Gina General');

    // An expired access token is renewed with the refresh token on the next start of the app.
    const key = storedUserKey(platform);
    const storedRefreshToken = () => tab.evaluate((key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { refresh_token?: string }).refresh_token, key);
    const before = await storedRefreshToken();
    expect(before).toBeTruthy();
    await tab.evaluate((key) => {
      const user = JSON.parse(sessionStorage.getItem(key)!) as { expires_at: number };
      user.expires_at = Math.floor(Date.now() / 1000) - 60;
      sessionStorage.setItem(key, JSON.stringify(user));
    }, key);
    const refresh = tab.waitForResponse(
      (response) => response.url().endsWith('/idp/token') && response.request().postData()?.includes('grant_type=refresh_token') === true,
    );
    await tab.reload();
    expect((await refresh).status()).toBe(200);
    await tab.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await tab.locator('.profile').innerText()).toContain('Gina General');
    await expect.poll(storedRefreshToken).not.toBe(before);

    expect(log.violations).toEqual([]);
    expect(log.consoleReports).toEqual([]);
    expect(problemsOf(page)).toEqual([]);
  });
});
