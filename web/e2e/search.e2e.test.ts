/**
 * The search screen against the real fixtures: address autocomplete, a search around
 * 1016 Bladensburg Rd NE (Washington DC), the closest release, indicative quotes, the facility
 * and release dialogs, the empty-address alert and a failed search.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { AdminActivity } from '@ust/schemas';
import { expectAccessible } from './a11y.js';
import { asAdmin, problemsOf, screenshot, SCREENSHOT_DIR, signIn, startPlatform, type Platform } from './harness.js';

const ADDRESS = '1016 Bladensburg Rd NE, Washington DC 20002';
const PICKED = '1016 Bladensburg Rd NE, Washington, DC 20002';

/** Calls the page made to an API path, as they happen. */
function callsTo(page: Page, apiPath: string): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api${apiPath}`) calls.push(request);
  });
  return calls;
}

/**
 * A dialog scrolls inside a viewport-high box, which a full-page screenshot does not unroll:
 * a viewport tall enough for the whole dialog shows all of it.
 */
async function dialogScreenshot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 3400 });
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  await page.setViewportSize(size);
}

/** Types, then waits for the suggestion call the pause after it makes. */
async function typeAndAwaitSuggestions(page: Page, type: () => Promise<void>, q: string): Promise<void> {
  const call = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/geocode/suggest' && url.searchParams.get('q') === q;
  });
  await type();
  await call;
}

async function openSearch(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
  await page.getByRole('heading', { name: 'Search Storage Tank Facilities' }).waitFor();
}

describe('search', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform?.close());

  it('suggests addresses after a pause; arrow keys and Enter pick one, whose coordinates go with the search', async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await openSearch(page);
    const input = page.getByRole('combobox', { name: 'Address' });
    expect(await input.inputValue()).toBe('1701 Wynkoop St, Denver, CO 80202');
    expect(await input.getAttribute('placeholder')).toBe('Enter street address, city, state, or ZIP code');
    expect(await input.getAttribute('aria-expanded')).toBe('false');

    const suggestCalls = callsTo(page, '/geocode/suggest');
    await input.fill('');
    await input.pressSequentially('1016 Bladens', { delay: 40 });
    const options = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
    await options.first().waitFor();
    // One call for the whole word: keystrokes 40 ms apart never leave a 300 ms pause.
    expect(suggestCalls.map((call) => new URL(call.url()).searchParams.get('q'))).toEqual(['1016 Bladens']);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await options.first().innerText()).toContain(PICKED);
    await expectAccessible(page, 'search-suggestions');

    await input.press('ArrowDown');
    const firstId = await options.first().getAttribute('id');
    expect(await input.getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await input.press('Enter');
    expect(await input.inputValue()).toBe(PICKED);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox').count()).toBe(0);

    const searches = callsTo(page, '/search-address');
    await page.getByRole('button', { name: 'Search Facilities' }).click();
    await page.getByText(`Found 25 closest facilities to "${PICKED}"`).waitFor();
    expect(searches[0]!.postDataJSON()).toEqual({ address: PICKED, latitude: 38.903057, longitude: -76.981862 });
    expect(searches[0]!.headers().authorization).toMatch(/^Bearer /);
    expect(await page.locator('.geocoding-panel').innerText()).toContain('Selected suggestion');

    // Typing again forgets the picked point; Escape and a click outside close the list.
    await typeAndAwaitSuggestions(page, () => input.fill('1016 Bladensburg'), '1016 Bladensburg');
    await options.first().waitFor();
    await input.press('Escape');
    expect(await page.getByRole('listbox').count()).toBe(0);
    await input.press('End');
    await typeAndAwaitSuggestions(page, () => input.pressSequentially(' R'), '1016 Bladensburg R');
    await options.first().waitFor();
    await page.getByRole('heading', { name: 'Search Storage Tank Facilities' }).click();
    expect(await page.getByRole('listbox').count()).toBe(0);
    // Under 3 characters asks nothing and shows nothing.
    const before = suggestCalls.length;
    await input.fill('10');
    await page.waitForTimeout(500);
    expect(suggestCalls.length).toBe(before);
    expect(await page.getByRole('listbox').count()).toBe(0);

    await input.fill(ADDRESS);
    await page.getByRole('button', { name: 'Search Facilities' }).click();
    await page.getByText(`Found 25 closest facilities to "${ADDRESS}"`).waitFor();
    expect(searches.at(-1)!.postDataJSON()).toEqual({ address: ADDRESS });
    expect(problemsOf(page)).toEqual([]);
  });

  it('finds the 25 closest facilities with quotes and the closest release; the dialogs open, stack and close', async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await openSearch(page);
    const input = page.getByRole('combobox', { name: 'Address' });
    await input.fill(ADDRESS);
    const button = page.getByRole('button', { name: /^(Search Facilities|Searching\.\.\.)$/ });
    await button.click();
    await page.getByText(`Found 25 closest facilities to "${ADDRESS}"`).waitFor();
    expect(await page.getByRole('heading', { name: 'Search Results' }).count()).toBe(1);
    expect(await page.locator('.results-range').innerText()).toMatch(
      // The furthest may be a facility placed at its ZIP (docs/decisions/0110): no distance under a mile from it.
      /^[\d,]+ facilities within 10 miles, the 25 closest shown\. Closest 0\.01 miles, furthest (\d+\.\d\d miles|within about 1 mile \(approximate location\))\.$/,
    );
    expect(await page.locator('.facility-card').count()).toBe(25);

    // The closest release: BLADENSBURG RD LLC at the address itself, closed (green).
    const release = page.locator('.release-panel');
    expect(await release.getByRole('heading').innerText()).toBe('Closest Known Release/Leak Location');
    const releaseText = await release.innerText();
    expect(releaseText).toContain('BLADENSBURG RD LLC');
    expect(releaseText).toContain('2017018');
    expect(releaseText).toContain('0.00 miles');
    expect(await release.locator('.status-badge').getAttribute('class')).toContain('status-closed');

    const geocoding = await page.locator('.geocoding-panel').innerText();
    expect(geocoding).toContain('Address Geocoding');
    expect(geocoding).toContain('38.903057');
    expect(geocoding).toContain('-76.981862');
    expect(geocoding).toContain('Street address');

    // A priced facility: four indicative quotes, the cheapest marked BEST.
    const priced = page.locator('.facility-card', { hasText: 'BEST' }).first();
    const quotes = priced.locator('.estimate');
    expect(await quotes.count()).toBe(4);
    const premiums = (await priced.locator('.estimate-premium').allInnerTexts()).map((text) => Number(text.replace(/[$,]|\/yr/g, '')));
    expect(premiums).toEqual([...premiums].sort((a, b) => a - b));
    expect(await quotes.first().innerText()).toContain('BEST');
    expect(await priced.locator('.estimate-premium').first().innerText()).toMatch(/^\$[\d,]+\/yr$/);
    // Each quote says it is an indicative estimate and names the filing it is modelled on.
    const notes = await priced.locator('.estimate-note').allInnerTexts();
    expect(notes).toHaveLength(4);
    for (const note of notes) expect(note).toMatch(/^Indicative estimate · \S.+/);
    expect(await priced.locator('.risk-score').innerText()).toMatch(/^\d+\/10 (Low|Moderate|High)$/);
    // An unpriced one: four placeholders and the reason.
    const unpriced = page.locator('.facility-card').first();
    expect(await unpriced.locator('.estimate-placeholder').allInnerTexts()).toEqual([
      'Quote 1 Available',
      'Quote 2 Available',
      'Quote 3 Available',
      'Quote 4 Available',
    ]);
    expect(await unpriced.innerText()).toContain('No active tanks to insure');
    const mapLink = unpriced.getByRole('link', { name: /View on Map/ });
    expect(await mapLink.getAttribute('target')).toBe('_blank');
    expect(await mapLink.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=38\.\d{6}&mlon=-76\.\d{6}#map=17\//);
    await screenshot(page, 'search-results');
    await expectAccessible(page, 'search-results');

    // The facility dialog.
    const facilityId = (await priced.getAttribute('data-facility-id'))!;
    const facilityCalls = callsTo(page, `/facilities/${facilityId}`);
    const viewDetails = priced.getByRole('button', { name: 'View Details' });
    await viewDetails.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Key Information' }).waitFor();
    expect(facilityCalls).toHaveLength(1);
    expect(facilityCalls[0]!.headers().authorization).toMatch(/^Bearer /);
    await dialog.getByRole('heading', { name: 'Insurance Pricing Analysis' }).waitFor();
    // textContent: innerText follows the labels' CSS upper-casing.
    const details = (await dialog.textContent()) ?? '';
    for (const text of [
      'Facility ID',
      'Protection Score (1-10)',
      'Risk Score Breakdown',
      'Best Carrier',
      'Savings vs Highest',
      'Average Premium',
      'Additional Data Fields',
      'Indicative estimate, not a binding offer.',
    ]) {
      expect(details).toContain(text);
    }
    expect(details).toMatch(/Indicative estimate modelled on .*SERFF/);
    expect(details).toContain('Source: epa-template/DC/UST/facility.csv');
    expect(await dialog.locator('.quote-card').count()).toBe(4);
    expect(await dialog.locator('.quote-figures dd').first().innerText()).toMatch(/^\$[\d,]+$/);
    await dialogScreenshot(page, 'facility-details');
    await expectAccessible(page, 'facility-details');

    // A release of the facility opens on top; Escape closes only it, then the facility dialog.
    const releaseButton = dialog.getByRole('button', { name: /^Release / }).first();
    await releaseButton.click();
    const releaseDialog = page.getByRole('dialog', { name: 'Release/Leak Details' });
    await releaseDialog.getByRole('heading', { name: 'Key Information' }).waitFor();
    const releaseDetails = (await releaseDialog.textContent()) ?? '';
    for (const text of [
      'LUST ID',
      'Coordinate Source',
      'Population within 1,500 ft',
      'Domestic Wells within 1,500 ft',
      'Closed With Residual Contamination',
      'EPA Region',
      'Source: epa-template/DC/Releases/release.csv',
    ]) {
      expect(releaseDetails).toContain(text);
    }
    await dialogScreenshot(page, 'release-details-from-facility');
    await expectAccessible(page, 'release-details-from-facility');
    await page.keyboard.press('Escape');
    await releaseDialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await releaseButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    expect(await viewDetails.evaluate((element) => element === document.activeElement)).toBe(true);

    // The closest release's own button; closed by its Close button, then by the backdrop.
    await release.getByRole('button', { name: 'View Release Details' }).click();
    await releaseDialog.getByText('BLADENSBURG RD LLC').first().waitFor();
    expect(await releaseDialog.locator('.modal-subtitle .status-badge').getAttribute('class')).toContain('status-closed');
    expect(await releaseDialog.innerText()).toContain('38.903057');
    await dialogScreenshot(page, 'release-details');
    await expectAccessible(page, 'release-details');
    await releaseDialog.getByRole('button', { name: 'Close' }).click();
    await releaseDialog.waitFor({ state: 'detached' });
    await release.getByRole('button', { name: 'View Release Details' }).click();
    await releaseDialog.getByRole('heading', { name: 'Key Information' }).waitFor();
    await page.mouse.click(5, 5);
    await releaseDialog.waitFor({ state: 'detached' });

    // The usage events, recorded 2 s after each
    // (docs/decisions/0007-activity-types.md).
    const seen = (activities: AdminActivity[]) => ({
      search: activities.some((activity) => activity.activity_type === 'address_search' && activity.page === '/search' && activity.location_lat !== null),
      facility: activities.some((activity) => activity.activity_type === 'facility_view' && activity.facility_id === facilityId),
      release: activities.some((activity) => activity.activity_type === 'release_view' && activity.release_id === 'DC-2017018'),
    });
    const deadline = Date.now() + 30_000;
    let recorded = seen([]);
    while (!(recorded.search && recorded.facility && recorded.release) && Date.now() < deadline) {
      const { activities } = await asAdmin<{ activities: AdminActivity[] }>('/admin/user-activities?limit=100');
      recorded = seen(activities.filter((activity) => activity.email === 'broker@ust.local'));
      if (!(recorded.search && recorded.facility && recorded.release)) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(recorded).toEqual({ search: true, facility: true, release: true });
    expect(problemsOf(page)).toEqual([]);
  });

  it('an empty address is an alert and no call', async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await openSearch(page);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const searches = callsTo(page, '/search-address');
    const input = page.getByRole('combobox', { name: 'Address' });
    await input.fill('');
    await page.getByRole('button', { name: 'Search Facilities' }).click();
    await input.fill('   ');
    await input.press('Enter');
    await page.waitForTimeout(300);
    expect(alerts).toEqual(['Please enter an address to search', 'Please enter an address to search']);
    expect(searches).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Search Results' }).count()).toBe(0);
  });

  it('a failed search says so and retries; an unplaceable address shows the server message', async () => {
    const page = await platform.newPage();
    await signIn(page, 'broker');
    await openSearch(page);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/search-address', async (route) => {
      await answered;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The search index is rebuilding' } }),
      });
    });
    await page.getByRole('button', { name: 'Search Facilities' }).click();
    // Busy: the button says so and cannot be pressed again.
    const busy = page.getByRole('button', { name: 'Searching...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    answer();
    const failure = page.locator('.search-failure');
    await failure.waitFor();
    expect(await failure.innerText()).toContain('The search index is rebuilding');
    await expectAccessible(page, 'search-failure');
    // Not the spec's hard-coded sample facilities.
    expect(await page.locator('.facility-card').count()).toBe(0);
    await page.unroute('**/api/search-address');
    await failure.getByRole('button', { name: 'Retry' }).click();
    // The Denver pre-fill lands on its ZIP centroid; the fixtures have no Colorado facilities.
    await page.getByText('No facilities found near "1701 Wynkoop St, Denver, CO 80202".').waitFor();
    await page.getByText('Try searching a different location.').waitFor();
    expect(await page.locator('.geocoding-panel').innerText()).toContain('ZIP code centre');
    expect(await page.locator('.release-panel').count()).toBe(0);
    await expectAccessible(page, 'search-no-results');

    const input = page.getByRole('combobox', { name: 'Address' });
    await input.fill('qqqq zzzz xxyy');
    await page.getByRole('button', { name: 'Search Facilities' }).click();
    await page.getByText('No facilities found near "qqqq zzzz xxyy".').waitFor();
    const geocoding = await page.locator('.geocoding-panel').innerText();
    expect(geocoding).toContain('Error');
    expect(geocoding).toContain('We could not find that address');
    await expectAccessible(page, 'search-geocoding-error');
  });
});
