/**
 * A first visit, timed as a user feels it, in headless Chromium against the standalone platform:
 * - landing text: navigation start to the landing page's title on screen (signed out, nothing cached);
 * - landing interactive: to 'Access Platform' enabled (the sign-in state is known);
 * - sign-in: from pressing 'Sign in' on the provider's page to the dashboard with its Logout;
 * - search to results: from pressing 'Search Facilities' to the results' heading line;
 * - map canvas: from the navigation bar's 'Map' to the map's first coloured frame (web/src/features/county-map/map-timing.ts).
 * Each run is a new browser context (a first-time visitor), after one visit not timed (the
 * browser's first page) and, on a given data directory, after the platform's first reads settle
 * (its search index reads every tile in slices after a start). `pnpm bench` prints this table at
 * every run, after the bench it was asked for, so a slowdown shows even though no test asserts
 * a time (BENCH_WALKTHROUGH=off skips it). Loopback, no throttling: a floor, not a field figure.
 *
 *   npx tsx bench/walkthrough.ts [runs, default 5]
 *     the fixtures dataset (real files only) in a temporary directory; builds the web app if needed
 *   DATA_DIR=/path/to/national npx tsx bench/walkthrough.ts
 *     an existing data directory (a national one from `pnpm start`), used as it is
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { startPlatform, type Platform } from '@ust/e2e/harness';
import { printTable, summarize } from './table.js';

type Page = Awaited<ReturnType<Platform['newPage']>>;

/** What the functions run in the page read of its document: the benchmarks compile without the DOM library. */
declare const document: {
  getElementById(id: string): { textContent: string | null } | null;
  querySelectorAll(selector: 'button'): Iterable<{ textContent: string | null; disabled: boolean }>;
};

const runs = Number(process.argv[2] ?? 5);
const ADDRESS = '1016 Bladensburg Rd NE, Washington DC 20002';
/** The target for the landing text at localhost. */
const LANDING_TEXT_TARGET_MS = 500;
/** After a start on a national data directory the search index reads every tile of the live version in slices. */
const SETTLE_SECONDS = 15;
/** docs/product.md section 2, the landing's title. */
const LANDING_TITLE = 'Underground Storage Tank Risk Platform';

/** ms from navigation start until the landing's title is on screen, polled every frame. */
async function msUntilLandingTitle(page: Page): Promise<number> {
  const shown = await page.waitForFunction(
    (title) => (document.getElementById('landing-title')?.textContent === title ? performance.now() : false),
    LANDING_TITLE,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await shown.jsonValue()) as number;
}

/** ms from navigation start until 'Access Platform' is enabled (the sign-in state is known), polled every frame. */
async function msUntilAccessPlatform(page: Page): Promise<number> {
  const enabled = await page.waitForFunction(
    () =>
      [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Access Platform' && !button.disabled)
        ? performance.now()
        : false,
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await enabled.jsonValue()) as number;
}

/** ms from `act` until `done` resolves, on this process's clock. */
async function msFrom(act: () => Promise<unknown>, done: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await act();
  await done();
  return performance.now() - started;
}

execFileSync(process.execPath, [path.join(import.meta.dirname, '../web/scripts/build-if-needed.mjs')], { stdio: 'inherit' });
const givenDataDir = process.env.DATA_DIR;
const platform = await startPlatform({}, { dataDir: givenDataDir });
const samples: Record<string, number[]> = {
  'landing text': [],
  'landing interactive': [],
  'sign-in': [],
  'search to results': [],
  'map canvas': [],
};
try {
  if (givenDataDir) await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  const account = platform.accounts.find((candidate) => candidate.role === 'broker')!;
  // One visit more than the runs: the first, the browser's first page, is not counted.
  for (let run = 0; run <= runs; run += 1) {
    const page = await platform.newPage();
    await page.goto('/', { waitUntil: 'commit' });
    samples['landing text']!.push(await msUntilLandingTitle(page));
    samples['landing interactive']!.push(await msUntilAccessPlatform(page));

    await page.getByRole('button', { name: 'Access Platform' }).click();
    await page.waitForURL(/\/idp\/interaction\//);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    const navigation = page.getByRole('navigation', { name: 'Main' });
    samples['sign-in']!.push(
      await msFrom(
        () => page.getByRole('button', { name: 'Sign in' }).click(),
        () => navigation.getByRole('button', { name: 'Logout' }).waitFor(),
      ),
    );

    await navigation.getByRole('link', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Address' }).fill(ADDRESS);
    samples['search to results']!.push(
      await msFrom(
        () => page.getByRole('button', { name: 'Search Facilities' }).click(),
        () => page.getByText(/^Found \d+ closest facilities to /).waitFor({ timeout: 30_000 }),
      ),
    );

    samples['map canvas']!.push(
      await msFrom(
        () => navigation.getByRole('link', { name: 'Map' }).click(),
        () =>
          page.waitForFunction(() => performance.getEntriesByType('mark').some((mark) => mark.name.startsWith('ust-map:coloured:')), undefined, {
            timeout: 60_000,
          }),
      ),
    );
    await page.context().close();
  }
  for (const times of Object.values(samples)) times.shift();
} finally {
  await platform.close();
}

const dataset = givenDataDir ? `the data directory ${givenDataDir}` : 'the fixtures dataset';
printTable(
  `A first visit in headless Chromium, ${dataset}, ${os.availableParallelism()} cores (ms; ${runs} runs, each a new visitor)`,
  Object.entries(samples).map(([step, times]) => ({
    step,
    runs: times.length,
    'median ms': Math.round(summarize(times).median),
    'min ms': Math.round(Math.min(...times)),
    'max ms': Math.round(Math.max(...times)),
  })),
);
const landingText = Math.round(summarize(samples['landing text']!).median);
console.log(`Landing text in ${landingText} ms (median): ${landingText < LANDING_TEXT_TARGET_MS ? 'under' : 'OVER'} the ${LANDING_TEXT_TARGET_MS} ms target.`);
