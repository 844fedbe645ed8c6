/**
 * Saved preferences and watchlists against the real platform: the Settings checkboxes are saved
 * to the account and survive a reload; Watch in a facility's details dialog puts the facility in
 * a new "My watchlist", which /watchlists lists. Both screens pass axe in the light and dark themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, reloadInTheme } from './a11y.js';
import { setPreference } from './settings-page.js';
import { problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';

const ADDRESS = '1016 Bladensburg Rd NE, Washington DC 20002';

describe('preferences and watchlists', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform?.close());

  it('saves the Settings preferences to the account: they are still set after a reload', async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await page.getByRole('link', { name: 'Settings for Brian Broker' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const checkbox = (name: string) => page.getByRole('checkbox', { name });
    const email = checkbox('Email notifications for facility updates');
    const allMarkers = checkbox('Show map markers for all search results');
    const alerts = checkbox('High-risk facility alerts');
    await page.waitForFunction(() => document.querySelectorAll('.preferences input:disabled').length === 0);
    expect([await email.isChecked(), await allMarkers.isChecked(), await alerts.isChecked()]).toEqual([false, true, true]);
    expect(await page.getByText('Saved to your account.').count()).toBe(1);

    await setPreference(page, 'Email notifications for facility updates', true);
    await setPreference(page, 'Show map markers for all search results', false);
    await screenshot(page, 'settings-preferences-saved');
    await expectAccessible(page, 'settings-preferences-saved');

    await page.reload();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.preferences input:disabled').length === 0);
    expect([await email.isChecked(), await allMarkers.isChecked(), await alerts.isChecked()]).toEqual([true, false, true]);

    await reloadInTheme(page, 'dark');
    await page.waitForFunction(() => document.querySelectorAll('.preferences input:disabled').length === 0);
    await screenshot(page, 'settings-preferences-dark');
    await expectAccessible(page, 'settings-preferences-dark');
    expect(problemsOf(page)).toEqual([]);
  });

  it('Watch in the facility dialog puts the facility in "My watchlist", which /watchlists lists', async () => {
    const page = await platform.newPage();
    await signIn(page, 'underwriter');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'Search Storage Tank Facilities' }).waitFor();
    await page.getByRole('combobox', { name: 'Address' }).fill(ADDRESS);
    await page.getByRole('button', { name: 'Search Facilities' }).click();
    await page.getByText(`Found 25 closest facilities to "${ADDRESS}"`).waitFor();

    const card = page.locator('.facility-card').first();
    const facilityId = (await card.getAttribute('data-facility-id'))!;
    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Key Information' }).waitFor();
    const watch = dialog.getByRole('button', { name: 'Watch', exact: true });
    expect(await watch.getAttribute('aria-pressed')).toBe('false');
    await watch.click();
    const watching = dialog.getByRole('button', { name: 'Watching', exact: true });
    await watching.waitFor();
    expect(await watching.getAttribute('aria-pressed')).toBe('true');
    await dialog.getByText('In “My watchlist”').waitFor();
    await expectAccessible(page, 'facility-dialog-watching');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlists' }).click();
    await page.getByRole('heading', { name: 'Watchlists', level: 1 }).waitFor();
    const list = page.locator('.watchlist-card', { hasText: 'My watchlist' });
    await list.waitFor();
    expect(await list.locator('.watchlist-counts').innerText()).toBe('1 facility, 0 places');
    const items = page.getByRole('table', { name: 'Items watched in My watchlist' });
    await items.waitFor();
    const row = items.locator('tbody tr');
    expect(await row.count()).toBe(1);
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['Facility', facilityId]));
    await screenshot(page, 'watchlists');
    await expectAccessible(page, 'watchlists');

    await reloadInTheme(page, 'dark');
    await items.waitFor();
    await screenshot(page, 'watchlists-dark');
    await expectAccessible(page, 'watchlists-dark');
    expect(problemsOf(page)).toEqual([]);
  });
});
