/**
 * Watching, end to end on a real Kafka broker (docs/decisions/0119 to 0122): Brian Broker, with no
 * alerts yet sees an empty notifications menu and /alerts; watches a Dover station from its
 * search card and a place in Washington from the search page, turns e-mail on and adds a webhook
 * in Settings. An admin imports changed files: one of the station's tanks closed and a release
 * reported at it, and a release reported 0.04 mi from the place. The menu counts the new alerts,
 * /alerts shows them, one digest reaches the SMTP server this test runs, and one webhook reaches
 * its receiver with a signature that verifies. Replaying the import adds no alert, e-mail or
 * webhook. The menu and /alerts pass axe in both themes.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { verifyWebhookSignature } from '@ust/platform';
// The names inject() knows: the services the e2e project's global setup starts.
import type {} from '@ust/platform/testing';
import { JobNames, JobQueueOf, watchAlertsJobId, type AlertsResponse, type ImportJobAccepted, type ImportRun } from '@ust/schemas';
import { expectAccessible, reloadInTheme } from './a11y.js';
import { asAccount, asAdmin, problemsOf, screenshot, signIn, startPlatform, type Platform } from './harness.js';
import { addWebhook, setPreference } from './settings-page.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../pipelines/fixtures/epa-template');
const STATION = { id: 'DE-1-000109', sourceId: '1-000109', address: '131 Saulsbury Road, Dover DE 19904' };
/** 0.04 mi from this address: FORMER WILLIAMS BUS TOUR, DC 5001894, 1021 Bladensburg Rd NE. */
const PLACE = { address: '1016 Bladensburg Rd NE, Washington DC 20002', nearbySourceId: '5001894' };
const NO_ALERTS = 'No alerts yet. Watch facilities and places to hear when they change.';
/** The folder under DATA_DIR/inbox the admin imports. */
const CHANGES_FOLDER = 'watch-changes';

/**
 * The changed files, as a state would send them: the station's rows of DE's four UST files with
 * its tank 409 removed, the bus depot's DC facility row, and a release file of each state with a
 * release newly reported at each.
 */
async function writeChangedFiles(inbox: string): Promise<void> {
  const rowsOf = async (file: string, sourceId: string, change: (line: string) => string = (line) => line) => {
    const [header, ...lines] = (await readFile(path.join(FIXTURES, file), 'utf8')).split(/\r?\n/);
    return [header, ...lines.filter((line) => line.startsWith(`${sourceId},`)).map(change)].join('\n') + '\n';
  };
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(inbox, file)), { recursive: true });
    await writeFile(path.join(inbox, file), text);
  };
  for (const table of ['facility', 'compartment', 'piping']) await write(`DE/UST/${table}.csv`, await rowsOf(`DE/UST/${table}.csv`, STATION.sourceId));
  await write(
    'DE/UST/tank.csv',
    await rowsOf('DE/UST/tank.csv', STATION.sourceId, (line) =>
      line.startsWith(`${STATION.sourceId},409,`) ? line.replace(',In Service,Yes,No,No,No,No,,', ',Removed,Yes,No,No,No,No,2026-11-02,') : line,
    ),
  );
  await write('DC/UST/facility.csv', await rowsOf('DC/UST/facility.csv', PLACE.nearbySourceId));
  // The template's release header (DC's file), one row per state.
  const releaseHeader = (await readFile(path.join(FIXTURES, 'DC/Releases/release.csv'), 'utf8')).split(/\r?\n/)[0]!;
  const release = (values: Record<string, string>) =>
    releaseHeader
      .split(',')
      .map((column) => values[column] ?? '')
      .join(',');
  const reported = { LUSTStatus: 'Active: general', 'Reported Date': '2026-11-03', 'Federally Reportable Release': 'Yes', 'Media Impacted Soil': 'Yes' };
  await write(
    'DE/Releases/release.csv',
    `${releaseHeader}\n${release({ ...reported, 'Facility ID': STATION.sourceId, LUSTID: 'K2026E2E', 'Site Name': 'Dover Express', 'Site Address': '131 Saulsbury Road', 'Site City': 'Dover', Zipcode: '19904', State: 'DE' })}\n`,
  );
  await write(
    'DC/Releases/release.csv',
    `${releaseHeader}\n${release({ ...reported, 'Facility ID': PLACE.nearbySourceId, LUSTID: '2026901', 'Site Name': 'FORMER WILLIAMS BUS TOUR', 'Site Address': '1021 BLADENSBURG RD NE', 'Site City': 'Washington DC', Zipcode: '20002', State: 'DC' })}\n`,
  );
}

/** Waits until the import is live after `afterVersion` and answers the dataset version it built. */
async function liveVersionOf(id: string, afterVersion = 0): Promise<number> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const run = (await asAdmin<{ imports: ImportRun[] }>('/admin/imports')).imports.find((candidate) => candidate.id === id);
    if (run?.status === 'failed') throw new Error(`import ${id} failed: ${run.failure}`);
    if (run?.status === 'live' && Number(run.dataset_version) > afterVersion) return Number(run.dataset_version);
    if (Date.now() > deadline) throw new Error(`import ${id} not live after version ${afterVersion}: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Opens the navigation bar's notifications menu (named by its unread count) and answers it. */
async function openMenu(page: Page, label: string) {
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label, exact: true });
  await button.waitFor();
  await button.click();
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  return page.getByRole('region', { name: 'Notifications' });
}

/** Searches an address on the search screen, as a user types it. */
async function search(page: Page, address: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Address' }).fill(address);
  await page.getByRole('button', { name: 'Search Facilities' }).click();
  await page.getByText(`Found 25 closest facilities to "${address}"`).waitFor();
}

describe('watching on the real broker', () => {
  let smtp: SMTPServer;
  let receiver: http.Server;
  let platform: Platform;
  let page: Page;
  const mails: ParsedMail[] = [];
  const webhooks: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  let secret = '';
  let importId = '';
  let version = 0;
  let alerts: AlertsResponse['alerts'] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        simpleParser(stream)
          .then((mail) => {
            mails.push(mail);
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        webhooks.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    platform = await startPlatform({
      // The broker the e2e project's global setup starts: no other browser test publishes to it.
      KAFKA_BROKERS: inject('kafkaBrokers'),
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      ALERT_DIGEST_INTERVAL_SECONDS: '1',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    expect(platform.standalone.ports.events.adapter).toBe('kafka');
    await writeChangedFiles(path.join(platform.standalone.config.dataDir, 'inbox', CHANGES_FOLDER));
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('a broker without alerts: the menu and /alerts say so, in both themes', async () => {
    page = await platform.newPage();
    await signIn(page, 'broker');
    const menu = await openMenu(page, 'Notifications');
    await menu.getByText(NO_ALERTS).waitFor();
    expect(await menu.getByRole('link', { name: 'All alerts' }).getAttribute('href')).toBe('/alerts');
    await screenshot(page, 'notifications-menu-empty');
    await expectAccessible(page, 'notifications-menu-empty');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await page.goto('/alerts');
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
    await page.getByRole('main').getByText(NO_ALERTS).waitFor();
    await reloadInTheme(page, 'dark');
    await page.getByRole('main').getByText(NO_ALERTS).waitFor();
    await expectAccessible(page, 'alerts-empty-dark');
    await reloadInTheme(page, 'default');
  });

  it('watches the station from its search card and the place from the search page; e-mail on, a webhook added', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'Search Storage Tank Facilities' }).waitFor();
    await search(page, STATION.address);
    const card = page.locator(`.facility-card[data-facility-id="${STATION.id}"]`);
    await card.getByRole('button', { name: 'Watch', exact: true }).click();
    expect(await card.getByRole('button', { name: 'Watching', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'search-card-watching');
    await expectAccessible(page, 'search-card-watching');
    // A new page asks the server what is watched: the card still says so, in the dark theme too.
    await reloadInTheme(page, 'dark');
    await search(page, STATION.address);
    expect(await card.getByRole('button', { name: 'Watching', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'search-card-watching-dark');

    await search(page, PLACE.address);
    await page.getByRole('combobox', { name: 'Radius' }).selectOption('0.25');
    await page.getByRole('button', { name: 'Watch this place' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Watching within 0\.25 miles of 1016 Bladensburg Rd NE, Washington DC 20002 in “My watchlist”$/ })
      .waitFor();
    await expectAccessible(page, 'search-watch-place-dark');
    await reloadInTheme(page, 'default');

    await page.getByRole('link', { name: 'Settings for Brian Broker' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.preferences input:disabled').length === 0);
    await setPreference(page, 'Email notifications for facility updates', true);
    secret = await addWebhook(page, `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ust-alerts`);

    const lists = await asAccount<{ watchlists: Array<{ name: string; facilities: number; places: number }> }>('broker', '/watchlists');
    expect(lists.watchlists).toMatchObject([{ name: 'My watchlist', facilities: 1, places: 1 }]);
    expect(problemsOf(page)).toEqual([]);
  });

  it('an import of changed files: alerts in the menu and on /alerts, one digest e-mail, one signed webhook', async () => {
    importId = (await asAdmin<ImportJobAccepted>('/admin/imports', { method: 'POST', body: { folder: CHANGES_FOLDER } })).id;
    version = await liveVersionOf(importId);
    const evaluation = await platform.standalone.ports.jobs.waitUntilSettled(JobQueueOf[JobNames.evaluateWatchAlerts], watchAlertsJobId(version), 120_000);
    expect(evaluation.status).toBe('completed');

    ({ alerts } = await asAccount<AlertsResponse>('broker', '/alerts'));
    const changesOf = (kind: 'facility' | 'place') =>
      alerts
        .filter((alert) => alert.item_kind === kind)
        .map((alert) => alert.change)
        .sort();
    expect(changesOf('facility')).toEqual(['release', 'score', 'tanks']);
    expect(changesOf('place')).toContain('release');
    const stationRelease = alerts.find((alert) => alert.item_kind === 'facility' && alert.change === 'release')!;
    expect(stationRelease.summary).toMatch(/^1 release newly reported: 0 releases .*→ 1 release \(1 open\)$/);
    const stationTanks = alerts.find((alert) => alert.change === 'tanks')!;
    expect(stationTanks.facilities[0]).toMatchObject({ facility_id: STATION.id });
    const placeRelease = alerts.find((alert) => alert.item_kind === 'place' && alert.change === 'release')!;
    expect(placeRelease.summary).toContain('FORMER WILLIAMS BUS TOUR');
    expect((evaluation.returnValue as { alerts: number }).alerts).toBe(alerts.length);

    // The menu polls every minute: a reload asks at once.
    await reloadInTheme(page, 'dark');
    const menu = await openMenu(page, `Notifications, ${alerts.length} unread`);
    expect(await menu.locator('[data-alert-id]').count()).toBe(alerts.length);
    await menu.getByText(stationRelease.summary).waitFor();
    await screenshot(page, 'notifications-menu-dark');
    await expectAccessible(page, 'notifications-menu-dark');
    await menu.getByRole('link', { name: 'All alerts' }).click();
    await page.waitForURL((url) => url.pathname === '/alerts');
    const main = page.getByRole('main');
    for (const alert of alerts) await main.getByRole('heading', { name: alert.summary }).first().waitFor();
    await expectAccessible(page, 'alerts-dark');
    await reloadInTheme(page, 'default');
    await main.getByRole('heading', { name: placeRelease.summary }).waitFor();
    await screenshot(page, 'alerts');
    await expectAccessible(page, 'alerts');
    // /alerts marked them read: the button counts none.
    await openMenu(page, 'Notifications');

    const brian = platform.accounts.find((account) => account.role === 'broker')!;
    await expect.poll(() => mails.length, { timeout: 60_000 }).toBe(1);
    const [mail] = mails;
    expect(mail!.to).toMatchObject({ value: [{ address: brian.email }] });
    expect(mail!.subject).toBe(`UST Risk Platform: ${alerts.length} alerts on what you watch`);
    for (const alert of alerts) expect(mail!.text).toContain(alert.summary);

    await expect.poll(() => webhooks.length, { timeout: 60_000 }).toBe(1);
    const [{ headers, body }] = webhooks as [(typeof webhooks)[number]];
    expect(verifyWebhookSignature(secret, headers['x-ust-timestamp'] as string, body, headers['x-ust-signature'] as string)).toBe(true);
    expect(verifyWebhookSignature('not-the-secret', headers['x-ust-timestamp'] as string, body, headers['x-ust-signature'] as string)).toBe(false);
    const payload = JSON.parse(body) as { dataset_version: number; alerts: Array<{ id: string }> };
    expect(payload.dataset_version).toBe(version);
    expect(payload.alerts.map((alert) => alert.id).sort()).toEqual(alerts.map((alert) => alert.id).sort());
    expect(problemsOf(page)).toEqual([]);
  });

  it('the same import replayed adds no alert, e-mail or webhook', async () => {
    await asAdmin(`/admin/imports/${importId}/replay`, { method: 'POST' });
    const replayed = await liveVersionOf(importId, version);
    const evaluation = await platform.standalone.ports.jobs.waitUntilSettled(JobQueueOf[JobNames.evaluateWatchAlerts], watchAlertsJobId(replayed), 120_000);
    expect(evaluation).toMatchObject({ status: 'completed', returnValue: { version: replayed, alerts: 0 } });
    const after = await asAccount<AlertsResponse>('broker', '/alerts');
    expect(after.alerts.map((alert) => alert.id).sort()).toEqual(alerts.map((alert) => alert.id).sort());
    expect(after.unread).toBe(0);
    // A digest would have been due a second after the evaluation; give it three.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(mails).toHaveLength(1);
    expect(webhooks).toHaveLength(1);
  });
});
