import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminLogEntry } from '@ust/schemas';
import { expectAccessible } from './a11y.js';
import { asAdmin, problemsOf, screenshot, startPlatform, type Platform } from './harness.js';

describe('a signed-out visitor', () => {
  let platform: Platform;
  let page: Page;

  beforeAll(async () => {
    platform = await startPlatform();
    page = await platform.newPage();
  });
  afterAll(() => platform?.close());

  // First, so no earlier page of this server has logged a page load.
  it('logs the page-load timings 1 s after load and delivers them when the page is left (keepalive fetch)', async () => {
    const visitor = await platform.newPage();
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Access Platform' }).waitFor();
    await visitor.waitForTimeout(1_500);
    const before = await asAdmin<{ logs: AdminLogEntry[] }>('/admin/logs?source=client&q=Page%20load');
    expect(before.logs).toEqual([]);
    // Playwright does not report a keepalive request sent while a page unloads: look for it on the server.
    await visitor.goto('/search');
    await expect
      .poll(async () => (await asAdmin<{ logs: AdminLogEntry[] }>('/admin/logs?source=client&q=Page%20load')).logs, { timeout: 20_000, interval: 500 })
      .toContainEqual(expect.objectContaining({ level: 'INFO', category: 'PERFORMANCE', message: 'Page load', user_id: null }));
  });

  it('a first-time visitor sees the landing page without a session check at the provider', async () => {
    const visitor = await platform.newPage();
    const toProvider: string[] = [];
    visitor.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/idp/') || pathname === '/silent-renew.html') toProvider.push(pathname);
    });
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Access Platform' }).waitFor();
    await visitor.waitForTimeout(500);
    expect(toProvider).toEqual([]);
    await visitor.context().close();
  });

  it('sees the landing page with its heading, intro, button and six feature cards', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Underground Storage Tank Risk Platform');
    await page.getByRole('button', { name: 'Access Platform' }).waitFor();
    const cards = await page.locator('.feature-card h2').allTextContents();
    expect(cards).toEqual(['Risk Scoring', 'Interactive Mapping', 'Comprehensive Data', 'Address Search', 'Insurance Integration', 'Role-Based Access']);
    expect(await page.locator('.landing-intro').textContent()).toMatch(/underground storage tank/i);
    expect(await page.getByRole('img', { name: /Underground storage tanks/ }).count()).toBe(1);
    // Signed out: a Login button and none of the signed-in links.
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const nav = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(nav).toEqual(['UST Risk Platform']);
    await screenshot(page, 'landing-signed-out');
    await expectAccessible(page, 'landing-signed-out');
  });

  it.each([
    ['/dashboard', 'Please log in to access the dashboard'],
    ['/county-map', 'Please log in to access the county map'],
    ['/search', 'Please log in to search facilities.'],
    ['/settings', 'Please log in to access settings.'],
    ['/tank-ai', 'Please log in to use Tank AI.'],
  ])('opening %s shows its log-in prompt', async (route, prompt) => {
    await page.goto(route);
    await page.getByText(prompt, { exact: true }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Login' }).waitFor();
    if (route === '/search') await screenshot(page, 'search-signed-out');
    await expectAccessible(page, `prompt${route.replace('/', '-')}`);
    expect(problemsOf(page)).toEqual([]);
  });

  it("says 'Login failed' when the sign-in is cancelled at the provider", async () => {
    const visitor = await platform.newPage();
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Access Platform' }).click();
    await visitor.waitForURL(/\/idp\/interaction\//);
    await visitor.getByLabel('E-mail').waitFor();
    await expectAccessible(visitor, 'provider-sign-in');
    await visitor.getByRole('link', { name: 'Cancel' }).click();
    await visitor.getByRole('heading', { name: 'Login failed' }).waitFor();
    await visitor.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshot(visitor, 'login-failed');
    await expectAccessible(visitor, 'login-failed');
  });

  it('fits a phone screen', async () => {
    const phone = await platform.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/');
    await phone.getByRole('button', { name: 'Access Platform' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'landing-phone');
    await expectAccessible(phone, 'landing-phone');
  });

  it("shows 'Unexpected Application Error!' for an unknown route and reports it as GLOBAL_ERROR", async () => {
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/logs') && request.method() === 'POST', { timeout: 15_000 });
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await screenshot(page, 'unknown-route');
    await expectAccessible(page, 'unknown-route');
    const body = (await sent).postDataJSON() as { logs: Array<{ level: string; category: string; message: string; url: string }> };
    expect(body.logs).toContainEqual(expect.objectContaining({ level: 'ERROR', category: 'GLOBAL_ERROR', message: expect.stringContaining('/no-such-page') }));
  });
});
