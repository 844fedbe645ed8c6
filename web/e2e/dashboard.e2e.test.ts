/**
 * The dashboard per role (docs/product.md section 2;
 * docs/decisions/0008-live-activity-card.md, 0015-dashboard-charts.md,
 * 0019-admin-and-broker-tools.md): the live Your Activity card, figures equal to what
 * /api/facilities-statistics answers for the fixtures, the three charts, and the role's
 * tools.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { FacilityStatistics } from '@ust/schemas';
import path from 'node:path';
import { expectAccessible } from './a11y.js';
import { asAdmin, problemsOf, screenshot, SCREENSHOT_DIR, signIn, startPlatform, type Platform } from './harness.js';

const count = (value: number) => value.toLocaleString('en-US');
const oneDecimal = (value: number) => value.toFixed(1);

/** The <dd> that follows the <dt> with exactly this text. */
async function definition(scope: Locator, term: string): Promise<string> {
  return scope
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function dashboardFor(page: Page, role: string): Promise<void> {
  await page.locator('.role-line', { hasText: `Your role: ${role}` }).waitFor();
}

/** The statistics have arrived once the data-honesty line is there. */
async function statisticsLoaded(page: Page): Promise<Locator> {
  const statistics = card(page, 'Facility Database Statistics');
  await statistics.locator('.data-sources', { hasText: 'real EPA records' }).waitFor();
  return statistics;
}

describe('dashboard', () => {
  let platform: Platform;
  let expected: FacilityStatistics;

  beforeAll(async () => {
    platform = await startPlatform();
    expected = await asAdmin<FacilityStatistics>('/facilities-statistics');
  });
  afterAll(() => platform?.close());

  /** Reduced motion: recharts draws at once, so screenshots show finished charts. */
  async function newPage(): Promise<Page> {
    const page = await platform.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    return page;
  }

  it('general: role, a fresh Your Activity, the statistics of the API, three charts, no role tools', async () => {
    const page = await newPage();
    await signIn(page, 'general');
    await dashboardFor(page, 'general');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('Welcome, Gina General').waitFor();

    const activity = card(page, 'Your Activity');
    await activity.getByText('Never').waitFor();
    expect(await definition(activity, 'Total Searches')).toBe('0');
    expect(await definition(activity, 'Facilities Viewed')).toBe('0');
    expect(await definition(activity, 'Last Activity')).toBe('Never');

    const actions = card(page, 'Quick Actions');
    expect(await actions.getByRole('link', { name: 'USA Risk Map' }).getAttribute('href')).toBe('/county-map');
    expect(await actions.getByRole('link', { name: 'Search Facilities' }).getAttribute('href')).toBe('/search');

    const statistics = await statisticsLoaded(page);
    expect(expected.total_facilities).toBeGreaterThan(0);
    expect(await definition(statistics, 'Total Facilities')).toBe(count(expected.total_facilities));
    expect(await definition(statistics, 'Total Tanks')).toBe(count(expected.total_tanks));
    expect(await definition(statistics, 'Active Tanks')).toBe(count(expected.active_tanks));
    expect(await definition(statistics, 'Average Tank Age')).toBe(`${oneDecimal(expected.average_tank_age)} years`);
    expect(await definition(statistics, 'Total Leaks')).toBe(count(expected.total_leaks));
    expect(await definition(statistics, 'Facilities with Leaks')).toBe(count(expected.facilities_with_leaks));
    expect(await definition(statistics, 'Leak Rate')).toBe(`${oneDecimal(expected.leak_rate)}%`);
    const sources = await statistics.locator('.data-sources').innerText();
    expect(sources).toContain(
      `${count(expected.sources.real_facilities)} facilities come from real EPA records and ${count(expected.sources.generated_facilities)} are generated demo records`,
    );
    expect(sources).toContain(`Dataset version ${expected.dataset_version}`);

    // Three recharts SVGs, each with its title, and the same numbers in a table for screen readers.
    await statistics.locator('svg.recharts-surface').nth(2).waitFor();
    expect(await statistics.locator('svg.recharts-surface title').allTextContents()).toEqual([
      'Active tanks by age band',
      'Releases by reported year',
      'Facilities by risk band',
    ]);
    expect(await statistics.getByRole('figure').count()).toBe(3);
    const riskTable = statistics.getByRole('table', { name: 'Facilities by risk band' });
    expect(await riskTable.locator('tbody td').allTextContents()).toEqual(expected.facilities_by_risk_band.map((band) => count(band.facilities)));
    expect(await statistics.getByRole('table', { name: 'Active tanks by age (years)' }).locator('tbody td').allTextContents()).toEqual(
      expected.tanks_by_age_band.map((band) => count(band.tanks)),
    );
    // Bars are drawn: the risk chart has one coloured bar per band with facilities.
    const riskBars = statistics.getByRole('figure', { name: 'Facilities by risk band' }).locator('.recharts-bar-rectangle path');
    expect(await riskBars.count()).toBe(expected.facilities_by_risk_band.filter((band) => band.facilities > 0).length);

    // Data coverage: one row per state of the API's coverage, its counts adding up to the sources line.
    const coverage = card(page, 'Data coverage');
    expect(await coverage.locator('tbody tr').count()).toBe(expected.coverage.length);
    expect(expected.coverage.reduce((sum, state) => sum + state.facilities.real, 0)).toBe(expected.sources.real_facilities);
    const delaware = coverage.getByRole('row', { name: /^Delaware/ });
    expect(await delaware.locator('td').allInnerTexts()).toEqual([
      'Real records',
      `${count(expected.coverage.find((state) => state.state === 'DE')!.facilities.real)} real`,
      `${count(expected.coverage.find((state) => state.state === 'DE')!.tanks.real)} real`,
      'none',
      'epa-template/DE/UST/facility.csv (retrieved 2025-02-03)\nepa-template/DE/UST/tank.csv (retrieved 2025-02-03)',
    ]);

    expect(await page.getByRole('heading', { name: 'Admin Tools' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Broker Tools' }).count()).toBe(0);
    expect(await page.locator('#admin-panel').count()).toBe(0);
    await screenshot(page, 'dashboard-general-statistics');
    await expectAccessible(page, 'dashboard-general-statistics');
    expect(problemsOf(page)).toEqual([]);
  });

  it('statistics that cannot be loaded leave every figure at zero, without charts (docs/product.md section 8)', async () => {
    const page = await newPage();
    await page.route('**/api/facilities-statistics', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'down for the test' } }) }),
    );
    await signIn(page, 'general');
    await dashboardFor(page, 'general');
    const statistics = card(page, 'Facility Database Statistics');
    // Settled once the card is no longer busy (after the one retry a 5xx gets).
    await statistics.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 15_000 });
    expect(await statistics.locator('dd').allInnerTexts()).toEqual(['0', '0', '0', '0.0 years', '0', '0', '0.0%']);
    expect(await statistics.locator('svg.recharts-surface').count()).toBe(0);
    expect(await statistics.locator('.data-sources').count()).toBe(0);
    await screenshot(page, 'dashboard-statistics-failed');
    await expectAccessible(page, 'dashboard-statistics-failed');
  });

  it('broker: Broker Tools with Email Network coming soon and Portfolio Screening opening its screen', async () => {
    const page = await newPage();
    await signIn(page, 'broker');
    await dashboardFor(page, 'broker');
    const tools = card(page, 'Broker Tools');
    expect(await tools.getByRole('button', { name: 'Email Network Coming soon' }).isDisabled()).toBe(true);
    expect(await tools.getByRole('link', { name: 'Portfolio Screening' }).getAttribute('href')).toBe('/screenings');
    expect(await page.getByRole('heading', { name: 'Admin Tools' }).count()).toBe(0);
    expect(await page.locator('#admin-panel').count()).toBe(0);
    await statisticsLoaded(page);
    await screenshot(page, 'dashboard-broker');
    await expectAccessible(page, 'dashboard-broker');
    await tools.getByRole('link', { name: 'Portfolio Screening' }).click();
    await page.getByRole('heading', { level: 1, name: 'Portfolio Screening' }).waitFor();
    expect(problemsOf(page)).toEqual([]);
  });

  it('admin: Admin Tools open their view of the admin console slot at the bottom', async () => {
    const page = await newPage();
    await signIn(page, 'admin');
    await dashboardFor(page, 'admin');
    const tools = card(page, 'Admin Tools');
    expect(await tools.getByRole('button').allInnerTexts()).toEqual(['User Management', 'Data Updates', 'System Health', 'Webhook Deliveries']);
    expect(await page.getByRole('heading', { name: 'Broker Tools' }).count()).toBe(0);
    await statisticsLoaded(page);

    const slot = page.locator('#admin-panel');
    const heading = slot.getByRole('heading', { name: 'Admin console' });
    await heading.waitFor();
    // The slot is the last thing on the page, below the statistics.
    expect(await page.locator('.page > section').last().getAttribute('id')).toBe('admin-panel');

    await tools.getByRole('button', { name: 'User Management' }).click();
    await page.waitForURL((url) => url.searchParams.get('admin') === 'user-management');
    await slot.getByRole('tab', { name: 'User Management', selected: true }).waitFor();
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await heading.isVisible()).toBe(true);
    // The console's top in view, below the sticky navigation bar (the console is taller than the viewport).
    const { top, headerBottom } = await slot.evaluate((element) => ({
      top: element.getBoundingClientRect().top,
      headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
    }));
    expect(top).toBeGreaterThanOrEqual(headerBottom);
    expect(top).toBeLessThan(861); // the viewport is 860 px; layout has subpixel positions
    await screenshot(page, 'dashboard-admin-tools');
    await expectAccessible(page, 'dashboard-admin-user-management');
    // The viewport, not the full page: what the admin sees after the click.
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'dashboard-admin-console-slot.png') });

    await tools.getByRole('button', { name: 'System Health' }).click();
    await page.waitForURL((url) => url.searchParams.get('admin') === 'system-health');
    // System Health opens above the console's tabs: the four ports, each reachable, and the other sections.
    const health = slot.getByRole('region', { name: 'System Health' });
    const ports = health.getByRole('table', { name: 'Ports' });
    await ports.waitFor();
    expect(await ports.locator('tbody th[scope="row"]').allInnerTexts()).toEqual(['AnalyticsStore', 'EventLog', 'JobQueue', 'Cache']);
    expect(await ports.getByRole('cell', { name: 'Yes', exact: true }).count()).toBe(4);
    await health.getByRole('table', { name: 'Job queues' }).waitFor();
    await health.getByRole('heading', { name: /^Dead letters in the last 60 min: \d+/ }).waitFor();
    await health.getByRole('heading', { name: 'Derived data' }).waitFor();
    expect(await health.getByText('Live dataset version').count()).toBe(1);
    await screenshot(page, 'system-health');
    await expectAccessible(page, 'system-health');
    expect(problemsOf(page)).toEqual([]);
  });
});
