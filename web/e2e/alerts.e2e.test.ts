/**
 * Watch alerts against the real platform, for a user who watches nothing yet: the navigation
 * bar's Notifications button has no count, its menu says there are no alerts and links to
 * /alerts, which says so too. The open menu and the screen pass axe in the light and dark themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './a11y.js';
import { problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';

const THEME_KEY = 'storage-tank-theme';
const NO_ALERTS = 'No alerts yet. Watch facilities and places to hear when they change.';

/** Reloads the page in a theme: 'default' (Professional Blue) or 'dark' (Midnight Pro). */
async function reloadInTheme(page: Page, theme: 'default' | 'dark'): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
  await page.reload();
}

/** Opens the notifications menu once its alerts have been asked, and waits for its empty text. */
async function openEmptyMenu(page: Page): Promise<void> {
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Notifications', exact: true });
  await button.waitFor();
  await button.click();
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  await page.getByRole('region', { name: 'Notifications' }).getByText(NO_ALERTS).waitFor();
}

describe('watch alerts', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform?.close());

  it('a new user has no alerts: the menu and /alerts say so, and pass axe in both themes', async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await openEmptyMenu(page);
    const menu = page.getByRole('region', { name: 'Notifications' });
    expect(await menu.getByRole('link', { name: 'All alerts' }).getAttribute('href')).toBe('/alerts');
    await screenshot(page, 'notifications-menu-empty');
    await expectAccessible(page, 'notifications-menu-empty');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await reloadInTheme(page, 'dark');
    await openEmptyMenu(page);
    await screenshot(page, 'notifications-menu-empty-dark');
    await expectAccessible(page, 'notifications-menu-empty-dark');

    const seen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/alerts/seen' && response.request().method() === 'POST');
    await menu.getByRole('link', { name: 'All alerts' }).click();
    await page.waitForURL((url) => url.pathname === '/alerts');
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    await page.getByRole('main').getByText(NO_ALERTS).waitFor();
    expect((await seen).status()).toBe(200);
    await screenshot(page, 'alerts-empty-dark');
    await expectAccessible(page, 'alerts-empty-dark');

    await reloadInTheme(page, 'default');
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    await page.getByRole('main').getByText(NO_ALERTS).waitFor();
    await screenshot(page, 'alerts-empty');
    await expectAccessible(page, 'alerts-empty');
    expect(problemsOf(page)).toEqual([]);
  });
});
