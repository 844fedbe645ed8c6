import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminUser } from '@ust/schemas';
import { expectAccessible } from './a11y.js';
import { asAdmin, problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';

async function navLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('list').getByRole('link').allTextContents();
}

/** The role the dashboard shows once the server's answer is in. */
async function dashboardRole(page: Page, role: string): Promise<void> {
  await page.locator('.role-line', { hasText: `Your role: ${role}` }).waitFor();
}

describe('signed-in users', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform?.close());

  it('general: the profile is sent with a bearer token, the role shows on the dashboard, Tank AI is for admins, no Screening', async () => {
    const page = await platform.newPage();
    const profileCall = page.waitForRequest((request) => request.url().endsWith('/api/user-profile'));
    const account = await signIn(page, 'general');
    const request = await profileCall;
    expect(request.method()).toBe('POST');
    expect(request.headers().authorization).toMatch(/^Bearer ey/);
    expect(request.postDataJSON()).toEqual({ sub: 'local|demo-general', email: account.email, name: 'Gina General' });

    await dashboardRole(page, 'general');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Welcome, Gina General').waitFor();
    expect(await navLinks(page)).toEqual(['Dashboard', 'Map', 'Search', 'Watchlists', 'Model']);
    expect(await page.getByRole('link', { name: 'Settings for Gina General' }).getAttribute('title')).toBe('Settings for Gina General');
    expect(await page.evaluate(() => localStorage.getItem('ust-role:general@ust.local'))).toBe('general');
    await screenshot(page, 'dashboard-general');
    await expectAccessible(page, 'dashboard-general');

    await page.goto('/tank-ai');
    await page.getByText('Tank AI is available to administrators.').waitFor();
    await expectAccessible(page, 'tank-ai-not-admin');

    await page.getByRole('link', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'Search Storage Tank Facilities' }).waitFor();
    await expectAccessible(page, 'search-form');
    await page.getByRole('link', { name: 'Map' }).click();
    await page.getByRole('heading', { name: 'USA Storage Tank Risk Analysis' }).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });

  it('broker: the dashboard says broker and the nav has Screening but no Tank AI', async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await dashboardRole(page, 'broker');
    expect(await navLinks(page)).toEqual(['Dashboard', 'Map', 'Search', 'Watchlists', 'Model', 'Screening']);
    expect(problemsOf(page)).toEqual([]);
  });

  it('admin: the nav shows Screening and Tank AI and the dashboard says admin', async () => {
    const page = await platform.newPage();
    await signIn(page, 'admin');
    await dashboardRole(page, 'admin');
    expect(await navLinks(page)).toEqual(['Dashboard', 'Map', 'Search', 'Watchlists', 'Model', 'Screening', 'Tank AI']);
    await screenshot(page, 'dashboard-admin');
    await expectAccessible(page, 'dashboard-admin');
    await page.getByRole('link', { name: 'Tank AI' }).click();
    await page.getByRole('heading', { name: 'Tank AI' }).waitFor();
    expect(await page.getByText('Tank AI is available to administrators.').count()).toBe(0);
    expect(problemsOf(page)).toEqual([]);
  });

  it('settings show the profile, six themes and the three preferences at their defaults; a theme survives a reload', async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await page.getByRole('link', { name: 'Settings for Brian Broker' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const profile = await page.locator('.profile').innerText();
    expect(profile).toContain('Brian Broker');
    expect(profile).toContain('broker@ust.local');
    expect(await page.locator('.theme-card-name').allInnerTexts()).toEqual([
      'Professional Blue',
      'Midnight Pro',
      'Ocean Breeze',
      'Forest Green',
      'Sunset Glow',
      'Royal Purple',
    ]);
    expect(await page.locator('.theme-card-selected .theme-card-name').innerText()).toBe('Professional Blue');
    const checkbox = (name: string) => page.getByRole('checkbox', { name });
    expect(await checkbox('Email notifications for facility updates').isChecked()).toBe(false);
    expect(await checkbox('Show map markers for all search results').isChecked()).toBe(true);
    expect(await checkbox('High-risk facility alerts').isChecked()).toBe(true);
    await screenshot(page, 'settings-default');
    await expectAccessible(page, 'settings-default');

    // Every theme's colours read at AA on this screen; Midnight Pro, chosen last, is kept below.
    for (const theme of ['Ocean Breeze', 'Forest Green', 'Sunset Glow', 'Royal Purple']) {
      await page.locator('.theme-card', { hasText: theme }).click();
      await expectAccessible(page, `settings-${theme.toLowerCase().replace(' ', '-')}`);
    }
    await page.locator('.theme-card', { hasText: 'Midnight Pro' }).click();
    expect(await page.getByRole('radio', { name: /Midnight Pro/ }).isChecked()).toBe(true);
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-background').trim());
    expect(await background()).toBe('#0b1220');
    expect(await page.evaluate(() => localStorage.getItem('storage-tank-theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await background()).toBe('#0b1220');
    expect(await page.getByRole('radio', { name: /Midnight Pro/ }).isChecked()).toBe(true);
    await screenshot(page, 'settings-dark');
    await expectAccessible(page, 'settings-dark');
    await page.goto('/dashboard');
    await dashboardRole(page, 'broker');
    await screenshot(page, 'dashboard-dark');
    await expectAccessible(page, 'dashboard-dark');
    expect(problemsOf(page)).toEqual([]);
  });

  it('a new tab is signed in silently with the provider session', async () => {
    const page = await platform.newPage();
    await signIn(page, 'general');
    // sessionStorage is per tab: the new tab has no tokens, only the provider's cookie, and the
    // note that this browser signed in here (web/src/features/auth/session-hint.ts) that makes it look.
    expect(await page.evaluate(() => localStorage.getItem('ust-signed-in-here'))).toBe('1');
    const tab = await page.context().newPage();
    await tab.goto('/settings');
    await tab.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await tab.locator('.profile').innerText()).toContain('Gina General');
  });

  it('a deactivated account is told so and offered only Logout', async () => {
    const { users } = await asAdmin<{ users: AdminUser[] }>('/admin/users');
    const underwriter = users.find((user) => user.email === 'underwriter@ust.local');
    expect(underwriter).toBeDefined();
    await asAdmin(`/admin/users/${encodeURIComponent(underwriter!.id)}`, { method: 'PATCH', body: { is_active: false } });
    const page = await platform.newPage();
    await signIn(page, 'underwriter');
    await page.getByRole('heading', { name: 'Your account is deactivated' }).waitFor();
    expect(await navLinks(page).catch(() => [])).toEqual([]);
    await screenshot(page, 'account-deactivated');
    await expectAccessible(page, 'account-deactivated');
  });

  it('logout returns to the landing page signed out', async () => {
    const page = await platform.newPage();
    await signIn(page, 'general');
    await page.getByRole('button', { name: 'Logout' }).click();
    // The embedded provider asks to confirm (services/identity/src/pages.ts).
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();
    await expectAccessible(page, 'provider-sign-out');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Underground Storage Tank Risk Platform' }).waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await navLinks(page).catch(() => [])).toEqual([]);
    // The next visit shows the landing page without a session check.
    expect(await page.evaluate(() => localStorage.getItem('ust-signed-in-here'))).toBeNull();
    await screenshot(page, 'after-logout');
    await expectAccessible(page, 'after-logout');
    await page.goto('/dashboard');
    await page.getByText('Please log in to access the dashboard').waitFor();
    expect(problemsOf(page)).toEqual([]);
  });
});
