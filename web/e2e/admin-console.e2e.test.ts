/**
 * The admin console on the dashboard (docs/product.md section 2 'Admin Panel';
 * docs/decisions/0003-underwriter-role.md, 0009-admin-analytics-window.md,
 * 0019-admin-and-broker-tools.md): every tab shows data this test produced (the admin's own
 * sign-in requests, activities posted for the admin, an error it caused, and telemetry sent
 * without a token, shown apart), Export Logs downloads the filtered entries as JSON, a role is
 * changed with confirmation, a failed sessions load falls back to derived sessions, and a
 * general user gets no console at all.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminActivitiesResponse, AdminLogEntry, AdminLogsResponse, AdminUsersResponse } from '@ust/schemas';
import { expectAccessible } from './a11y.js';
import { asAdmin, problemsOf, screenshot, SCREENSHOT_DIR, signIn, startPlatform, type DemoRole, type Platform } from './harness.js';

/** Polls until `probe` returns a value (telemetry reaches the store about a second after it is sent). */
async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const localDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('admin console', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(() => platform?.close());

  function account(role: DemoRole) {
    const found = platform.standalone.identity!.accounts.find((candidate) => candidate.role === role);
    if (!found) throw new Error(`No demo account for ${role}`);
    return found;
  }

  /** An API call as any demo account; the raw response, so a test can cause (and see) a 404. */
  async function callAs(role: DemoRole, apiPath: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}): Promise<Response> {
    const { sub, email } = account(role);
    const token = await platform.standalone.identity!.issueAccessToken({ sub, email });
    return fetch(`${platform.standalone.url}/api${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A telemetry call without a token, as a signed-out browser makes it. */
  async function postAnonymously(apiPath: string, body: unknown): Promise<Response> {
    return fetch(`${platform.standalone.url}/api${apiPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** Reduced motion: screenshots show finished charts. */
  async function newPage(): Promise<Page> {
    const page = await platform.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    return page;
  }

  const panelOf = (page: Page) => page.locator('#admin-panel');
  const tab = (page: Page, name: string) => panelOf(page).getByRole('tab', { name, exact: true });
  const tabPanel = (page: Page) => panelOf(page).getByRole('tabpanel');

  async function openTab(page: Page, name: string): Promise<Locator> {
    await tab(page, name).click();
    await panelOf(page).locator(`[role="tab"][aria-selected="true"]`, { hasText: name }).waitFor();
    return tabPanel(page);
  }

  /** A viewport-independent picture of the console alone (the dashboard above it is covered elsewhere). */
  async function shootPanel(page: Page, name: string): Promise<void> {
    await panelOf(page).screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  }

  it('a general user gets no console, and the page never calls the admin API', async () => {
    const page = await newPage();
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/')) adminCalls.push(request.url());
    });
    await signIn(page, 'general');
    await page.locator('.role-line', { hasText: 'Your role: general' }).waitFor();
    await page.getByRole('region', { name: 'Facility Database Statistics', exact: true }).locator('.data-sources').waitFor();
    // Even asked for by URL, nothing renders.
    await page.goto('/dashboard?admin=user-management');
    await page.locator('.role-line', { hasText: 'Your role: general' }).waitFor();
    expect(await page.locator('#admin-panel').count()).toBe(0);
    expect(await page.getByRole('tablist', { name: 'Admin console views' }).count()).toBe(0);
    expect(await page.getByText('Loading admin data...').count()).toBe(0);
    expect(adminCalls).toEqual([]);
    await screenshot(page, 'admin-console-general-none');
    expect(problemsOf(page)).toEqual([]);
  });

  it('admin: each tab shows the data this test produced; errors reach System Logs and Analytics within 10 s; Export Logs; a role change', async () => {
    // Another user to manage: the broker registers through the profile call the app makes at sign-in.
    const broker = account('broker');
    expect((await callAs('broker', '/user-profile', { method: 'POST', body: { sub: broker.sub, email: broker.email, name: broker.name } })).status).toBe(200);

    const page = await newPage();
    const admin = await signIn(page, 'admin');
    await page.locator('.role-line', { hasText: 'Your role: admin' }).waitFor();

    // Activities of the admin: a facility view in a session of its own, and an address search.
    const probeSession = `session-e2e-${Date.now().toString(36)}-probe1`;
    for (const activity of [
      {
        activity_type: 'facility_view',
        facility_id: 'E2E-FACILITY-1',
        location_lat: 39.7392,
        location_lon: -104.9903,
        session_id: probeSession,
        page: '/search',
      },
      {
        activity_type: 'address_search',
        location_lat: 39.7392,
        location_lon: -104.9903,
        session_id: probeSession,
        page: '/search',
        details: { address: 'Denver, CO' },
      },
    ]) {
      expect((await callAs('admin', '/log-activity', { method: 'POST', body: activity })).status).toBe(202);
    }
    // A caller without a token claiming the same session: it gets a session of its own.
    expect((await postAnonymously('/log-activity', { activity_type: 'map_loaded', session_id: probeSession, page: '/county-map' })).status).toBe(202);

    // System Logs (the default tab): the admin's own sign-in requests, with the user and the request details.
    const panel = panelOf(page);
    await panel.getByRole('heading', { name: 'Admin console' }).waitFor();
    expect(await tab(page, 'System Logs').getAttribute('aria-selected')).toBe('true');
    expect(await panel.getByRole('tab').allInnerTexts()).toEqual(['System Logs', 'User Activities', 'User Management', 'Active Sessions', 'Analytics']);
    await eventually('the sign-in profile call in the logs', async () => {
      const { logs } = await asAdmin<AdminLogsResponse>('/admin/logs?limit=50&q=POST%20%2Fapi%2Fuser-profile');
      return logs.find((entry) => entry.user_id === admin.sub);
    });
    const logs = tabPanel(page);
    await logs.getByRole('button', { name: 'Refresh' }).click();
    const profileRow = logs.getByRole('row').filter({ hasText: 'POST /api/user-profile 200' }).filter({ hasText: 'demo-admin' }).first();
    await profileRow.waitFor();
    const cells = await profileRow.getByRole('cell').allInnerTexts();
    expect(cells[1]).toBe('INFO');
    expect(cells[2]).toBe('API_REQUEST');
    expect(cells[4]).toBe('demo-admin');
    expect(cells[5]).toMatch(/ms\nstatus 200\nPOST \/api\/user-profile$/);
    expect(await logs.getByRole('columnheader').allInnerTexts()).toEqual(['TIMESTAMP', 'LEVEL', 'CATEGORY', 'MESSAGE', 'USER', 'DETAILS']);
    expect(await logs.getByPlaceholder('Filter logs...').count()).toBe(1);
    expect(await logs.getByLabel('Level').locator('option').allInnerTexts()).toEqual(['All Levels', 'Errors', 'Warnings', 'Info', 'Debug']);
    await shootPanel(page, 'admin-console-system-logs');
    await expectAccessible(page, 'admin-console-system-logs');

    // Analytics: note the errors so far, then cause a WARN (a 404) and an ERROR (a browser-style entry).
    const analytics = await openTab(page, 'Analytics');
    const errorsFigure = analytics.getByRole('figure', { name: /^Errors per minute/ });
    await errorsFigure.waitFor();
    const cardTexts = await analytics.locator('.analytics-cards dt').allInnerTexts();
    expect(cardTexts).toEqual(['Total Users (last 60 min)', 'Active Sessions (last 60 min)', 'Error Rate (last 60 min)', 'Avg Response Time (last 60 min)']);
    const count = (text: string) => Number(text.replaceAll(',', ''));
    const inHour = async (label: Locator) => count(/\(([\d,]+) in the hour\)/.exec(await label.innerText())?.[1] ?? 'NaN');
    const errorsInHour = () => inHour(errorsFigure.locator('figcaption'));
    const anonymousErrorsInHour = () => inHour(errorsFigure.locator('.recharts-legend-item-text', { hasText: 'Without sign-in' }));
    const errorsBefore = await errorsInHour();
    const anonymousErrorsBefore = await anonymousErrorsInHour();
    // Telemetry sent without a token stands apart from the cards.
    const anonymous = analytics.getByRole('region', { name: 'Without sign-in (last 60 min)' });
    expect(await anonymous.locator('dt').allInnerTexts()).toEqual(['Log entries', 'Errors', 'Activities', 'Active sessions']);
    const anonymousFigure = async (label: string) =>
      count(
        await anonymous
          .locator('.figure')
          .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
          .locator('dd')
          .innerText(),
      );
    const anonymousBefore = { errors: await anonymousFigure('Errors'), entries: await anonymousFigure('Log entries') };

    const probe = `e2e-probe-error-${Date.now()}`;
    expect((await callAs('admin', '/facilities/NOPE-404')).status).toBe(404);
    const posted = await callAs('admin', '/logs', {
      method: 'POST',
      body: {
        logs: [
          {
            timestamp: new Date().toISOString(),
            level: 'ERROR',
            category: 'E2E_PROBE',
            message: `${probe} the pump controller stopped answering`,
            context: { test: 'admin-console' },
          },
        ],
      },
    });
    expect(posted.status).toBe(202);
    const anonymousProbe = `e2e-probe-anonymous-${Date.now()}`;
    const anonymousPost = await postAnonymously('/logs', {
      logs: [{ timestamp: new Date().toISOString(), level: 'ERROR', category: 'E2E_PROBE', message: `${anonymousProbe} signed out` }],
    });
    expect(anonymousPost.status).toBe(202);

    // The tab polls every 5 s: the errors show without anyone touching the page (the wait
    // leaves room for a busy machine; how often the tab polls is the page's, not the test's).
    await expect.poll(errorsInHour, { timeout: 30_000, interval: 250 }).toBeGreaterThan(errorsBefore);
    await expect.poll(() => anonymousFigure('Errors'), { timeout: 30_000, interval: 250 }).toBe(anonymousBefore.errors + 1);
    expect(await anonymousFigure('Log entries')).toBe(anonymousBefore.entries + 1);
    await expect.poll(anonymousErrorsInHour, { timeout: 30_000, interval: 250 }).toBe(anonymousErrorsBefore + 1);
    // The admin's error counts; the one sent without a token does not.
    expect(await errorsInHour()).toBe(errorsBefore + 1);
    const errorRate = await analytics.locator('.figure', { hasText: 'Error Rate' }).locator('dd').first().innerText();
    expect(Number.parseFloat(errorRate)).toBeGreaterThan(0);
    expect(await errorsFigure.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(
      await analytics
        .getByRole('figure', { name: /^Requests per minute/ })
        .locator('.recharts-bar-rectangle')
        .count(),
    ).toBeGreaterThan(0);
    // p50 and p95 of the minutes with requests (a dot each; a line once two such minutes are adjacent).
    expect(await analytics.getByRole('figure', { name: 'Response time per minute (ms)' }).locator('.recharts-line-dot').count()).toBeGreaterThan(0);
    await shootPanel(page, 'admin-console-analytics');
    await expectAccessible(page, 'admin-console-analytics');

    // Back on System Logs (a tab change loads the lists again): the ERROR and the WARN of the 404.
    const logsAgain = await openTab(page, 'System Logs');
    const errorRow = logsAgain.getByRole('row').filter({ hasText: probe });
    await errorRow.waitFor({ timeout: 30_000 });
    expect((await errorRow.getByRole('cell').allInnerTexts()).slice(1, 3)).toEqual(['ERROR', 'E2E_PROBE']);
    await logsAgain.getByRole('row').filter({ hasText: 'GET /api/facilities/:id 404' }).first().waitFor();

    // The filters go to the server; Export Logs downloads exactly the filtered entries.
    await logsAgain.getByLabel('Level').selectOption('ERROR');
    await logsAgain.getByPlaceholder('Filter logs...').fill(probe);
    await expect.poll(() => logsAgain.locator('tbody tr').count()).toBe(1);
    await logsAgain.getByRole('button', { name: 'Export Logs' }).and(page.locator(':enabled')).waitFor();
    await shootPanel(page, 'admin-console-system-logs-filtered');
    await expectAccessible(page, 'admin-console-system-logs-filtered');
    const [download] = await Promise.all([page.waitForEvent('download'), logsAgain.getByRole('button', { name: 'Export Logs' }).click()]);
    expect(download.suggestedFilename()).toBe(`ust-logs-${localDay(new Date())}.json`);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as AdminLogEntry[];
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ level: 'ERROR', category: 'E2E_PROBE', message: `${probe} the pump controller stopped answering`, user_id: admin.sub });
    await logsAgain.getByLabel('Level').selectOption('WARN');
    await logsAgain.getByPlaceholder('Filter logs...').fill('NOPE');
    await expect.poll(() => logsAgain.locator('tbody tr').count()).toBe(0);
    await logsAgain.getByText('No log entries match these filters.').waitFor();
    await logsAgain.getByPlaceholder('Filter logs...').fill('');
    await logsAgain.getByRole('row').filter({ hasText: 'GET /api/facilities/:id 404' }).first().waitFor();
    await logsAgain.getByLabel('Level').selectOption('ALL');

    // User Activities: the posted facility view with its facility and coordinates, and the console's own visits.
    await eventually('the console visits and the posted activities', async () => {
      const { activities } = await asAdmin<AdminActivitiesResponse>('/admin/user-activities?limit=50');
      const mine = activities.filter((activity) => activity.auth0_user_id === admin.sub);
      return mine.some((activity) => activity.activity_type === 'facility_view') &&
        mine.filter((activity) => activity.activity_type === 'admin_panel_accessed').length >= 3
        ? mine
        : undefined;
    });
    const activities = await openTab(page, 'User Activities');
    expect(await activities.getByRole('columnheader').allInnerTexts()).toEqual(['USER', 'ACTIVITY', 'TIMESTAMP', 'ROLE', 'DETAILS']);
    const viewRow = activities.getByRole('row').filter({ hasText: 'facility view' });
    await viewRow.waitFor();
    const viewCells = await viewRow.getByRole('cell').allInnerTexts();
    expect(viewCells[0]).toBe('demo-admin');
    expect(viewCells[3]).toBe('Admin'); // the role badge capitalises
    expect(viewCells[4]).toBe('Facility E2E-FACILITY-1\n39.7392, -104.9903');
    await activities.getByRole('row').filter({ hasText: 'address search' }).first().waitFor();
    // The tab shows the list it held while the reload runs: poll rather than read once.
    await expect.poll(() => activities.getByRole('row').filter({ hasText: 'admin panel accessed' }).count()).toBeGreaterThanOrEqual(3);
    await shootPanel(page, 'admin-console-user-activities');
    await expectAccessible(page, 'admin-console-user-activities');

    // Active Sessions: the posted session and the browser's own, each with its user, counts and pages.
    const sessions = await openTab(page, 'Active Sessions');
    const probeCard = sessions.getByRole('article', { name: `Session ${probeSession}`, exact: true });
    await probeCard.waitFor();
    expect(await probeCard.getByRole('heading').innerText()).toBe(`…${probeSession.slice(-8)}`);
    expect(await probeCard.locator('dt').allInnerTexts()).toEqual(['User', 'Started', 'Last activity', 'Actions']);
    expect(await probeCard.locator('dd').allInnerTexts()).toEqual(['demo-admin', expect.any(String), expect.any(String), '2']);
    expect(await probeCard.locator('.session-pages li').allInnerTexts()).toEqual(['/search']);
    // The anonymous caller's activity with the same id is a session of its own, marked so.
    const anonymousCard = sessions.getByRole('article', { name: `Session anon:${probeSession}`, exact: true });
    await anonymousCard.waitFor();
    expect(await anonymousCard.getByRole('heading').innerText()).toBe(`Without sign-in …${probeSession.slice(-8)}`);
    expect(await anonymousCard.locator('dd').allInnerTexts()).toEqual(['Anonymous', expect.any(String), expect.any(String), '1']);
    const browserCard = sessions.getByRole('article').filter({ has: page.locator('.session-pages li', { hasText: '/dashboard' }) });
    await browserCard.first().waitFor();
    await shootPanel(page, 'admin-console-active-sessions');
    await expectAccessible(page, 'admin-console-active-sessions');

    // User Management, opened by the Admin Tools button (docs/decisions/0019-admin-and-broker-tools.md),
    // even after moving to another tab.
    await page.getByRole('region', { name: 'Admin Tools' }).getByRole('button', { name: 'User Management' }).click();
    await page.waitForURL((url) => url.searchParams.get('admin') === 'user-management');
    await panel.locator('[role="tab"][aria-selected="true"]', { hasText: 'User Management' }).waitFor();
    // The slot scrolled into view with its heading focused (the dashboard's hook), the users table in it.
    await expect.poll(() => panel.getByRole('heading', { name: 'Admin console' }).evaluate((element) => element === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        panel.evaluate((element) => ({
          top: element.getBoundingClientRect().top >= document.querySelector('header')!.getBoundingClientRect().bottom,
          bottom: element.getBoundingClientRect().bottom <= window.innerHeight + 1,
        })),
      )
      .toEqual({ top: true, bottom: true });
    const users = tabPanel(page);
    expect(await users.getByRole('columnheader').allInnerTexts()).toEqual([
      'EMAIL',
      'DISPLAY NAME',
      'ROLE',
      'REGISTERED',
      'LAST LOGIN',
      'STATUS',
      'ACTIVITIES',
      'ACTIONS',
    ]);
    const adminRow = users.getByRole('row').filter({ hasText: admin.email });
    const brokerRow = users.getByRole('row').filter({ hasText: broker.email });
    await brokerRow.waitFor();
    // One's own row cannot be changed, and says why.
    const ownSelect = adminRow.getByLabel(`Role of ${admin.email}`);
    expect(await ownSelect.isDisabled()).toBe(true);
    expect(await ownSelect.getAttribute('title')).toBe('You cannot change your own role or activation; ask another admin.');
    expect(await adminRow.getByRole('button', { name: `Deactivate ${admin.email}` }).isDisabled()).toBe(true);
    expect((await adminRow.getByRole('cell').allInnerTexts()).slice(0, 3)).toEqual([`${admin.email} (you)`, 'Ada Admin', 'Admin']);
    await expect.poll(async () => Number((await adminRow.getByRole('cell').nth(6).innerText()).replaceAll(',', ''))).toBeGreaterThanOrEqual(3);
    // The footer counts every role (docs/decisions/0003-underwriter-role.md),
    // as the server's list does.
    const footer = async () => (await users.locator('.admin-footer').innerText()).replace(/\s+/g, ' ');
    const { users: listed } = await asAdmin<AdminUsersResponse>('/admin/users');
    const countOf = (role: string) => listed.filter((user) => user.role === role).length;
    expect(await footer()).toBe(
      `Total users ${listed.length} Admins ${countOf('admin')} Brokers ${countOf('broker')} Underwriters ${countOf('underwriter')} General users ${countOf('general')} Inactive ${listed.filter((user) => !user.is_active).length}`,
    );
    expect(countOf('broker')).toBe(1);
    await expectAccessible(page, 'admin-console-user-management');

    // Cancelling changes nothing.
    await brokerRow.getByLabel(`Role of ${broker.email}`).selectOption('underwriter');
    const dialog = page.getByRole('dialog', { name: 'Change role' });
    await dialog.getByText(`Change the role of ${broker.name} (${broker.email}) from broker to underwriter?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await brokerRow.getByLabel(`Role of ${broker.email}`).inputValue()).toBe('broker');

    // Confirming sends the PATCH; the row, the footer and the server agree.
    await brokerRow.getByLabel(`Role of ${broker.email}`).selectOption('underwriter');
    await dialog.waitFor();
    await shootPanel(page, 'admin-console-user-management');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-console-confirm-role.png') });
    await expectAccessible(page, 'admin-console-confirm-role');
    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().includes('/api/admin/users/'));
    await dialog.getByRole('button', { name: 'Change role' }).click();
    expect((await patch).postDataJSON()).toEqual({ role: 'underwriter' });
    await dialog.waitFor({ state: 'detached' });
    await brokerRow.locator('.badge-role', { hasText: 'underwriter' }).waitFor();
    expect(await footer()).toContain(`Brokers 0 Underwriters ${countOf('underwriter') + 1}`);
    const { users: stored } = await asAdmin<AdminUsersResponse>('/admin/users');
    expect(stored.find((user) => user.email === broker.email)?.role).toBe('underwriter');

    // Deactivation asks too; cancelled here so the account stays usable.
    await brokerRow.getByRole('button', { name: `Deactivate ${broker.email}` }).click();
    const deactivate = page.getByRole('dialog', { name: 'Deactivate user' });
    await deactivate.getByRole('button', { name: 'Deactivate' }).waitFor();
    await deactivate.getByRole('button', { name: 'Cancel' }).click();
    await deactivate.waitFor({ state: 'detached' });
    await shootPanel(page, 'admin-console-user-management-changed');

    await screenshot(page, 'admin-console-dashboard');
    expect(problemsOf(page)).toEqual([]);
  });

  it('a failed sessions load falls back to sessions derived from the activities, and is logged as ADMIN_PANEL', async () => {
    // An activity of the admin's today, whichever tests ran before.
    expect(
      (
        await callAs('admin', '/log-activity', {
          method: 'POST',
          body: { activity_type: 'map_loaded', page: '/county-map', session_id: 'session-e2e-fallback' },
        })
      ).status,
    ).toBe(202);
    await eventually('the activity', async () => {
      const { activities } = await asAdmin<AdminActivitiesResponse>('/admin/user-activities?limit=50');
      return activities.find((activity) => activity.session_id === 'session-e2e-fallback');
    });
    const page = await newPage();
    await page.route('**/api/admin/sessions?*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'down for the test' } }) }),
    );
    const admin = await signIn(page, 'admin');
    const sessions = await openTab(page, 'Active Sessions');
    await sessions.getByText('Could not load the sessions (down for the test)').waitFor({ timeout: 15_000 });
    // The admin's activities today are one derived session, titled by its day.
    const today = new Date().toISOString().slice(0, 10);
    const derived = sessions.getByRole('article', { name: `Session derived:${today}:${admin.sub}` });
    await derived.waitFor();
    expect(await derived.getByRole('heading').innerText()).toBe(`Day ${today}`);
    expect(await derived.locator('dd').first().innerText()).toBe('demo-admin');
    await shootPanel(page, 'admin-console-sessions-fallback');
    await expectAccessible(page, 'admin-console-sessions-fallback');

    // The browser sends ERROR entries 3 s after the latest one.
    const logged = await eventually('the ADMIN_PANEL entry', async () => {
      const { logs } = await asAdmin<AdminLogsResponse>('/admin/logs?limit=20&level=ERROR&q=Failed%20to%20load%20admin%20data');
      return logs.find((entry) => entry.category === 'ADMIN_PANEL' && entry.user_id === admin.sub);
    });
    expect(logged.message).toBe('Failed to load admin data');
  });
});
