/**
 * Portfolio screening: how long a broker waits for a 10,000-location file to be geocoded,
 * matched, screened and priced, and what other users' searches feel meanwhile. The platform
 * runs in its own process, embedded, as users run it.
 *
 *   npx tsx bench/portfolio-screening.ts [rows, default 10000] [searching users, default 4]
 *     a fresh data directory with the demo dataset of BENCH_DEMO_SCALE (default `fixtures`, the
 *     real EPA fixtures; any DEMO_SCALE value builds a generated sample first)
 *   DATA_DIR=/path/to/national npx tsx bench/portfolio-screening.ts
 *     an existing data directory as it is (a national one from `pnpm start`), nothing imported
 *
 * The file is what a book of business looks like: 70% street addresses of facilities in the
 * busiest counties (city, state and ZIP in their own columns), 20% coordinates, 10% addresses
 * whose house number no facility has. Each searching user searches a facility address five
 * times a second, for 10 s before the upload (idle) and until the screening is done.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScreeningAccepted, ScreeningRun } from '@ust/schemas';
import { demoAccessToken, stopStandalone } from '@ust/standalone/testing';
import { facilitiesOfBusiestCounties } from './busiest-counties.js';
import { serverMemory, startBenchPlatform, waitForDataset } from './platform-process.js';
import { printTable, summarize } from './table.js';

const rowsWanted = Number(process.argv[2] ?? 10_000);
const searchingUsers = Number(process.argv[3] ?? 4);
const SEARCHES_PER_SECOND_PER_USER = 5;
const IDLE_SECONDS = 10;
const givenDataDir = process.env.DATA_DIR;
const dataDir = givenDataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'ust-bench-screening-')));
const demoScale = givenDataDir ? 'none' : (process.env.BENCH_DEMO_SCALE ?? 'fixtures');
const server = await startBenchPlatform(dataDir, { DEMO_SCALE: demoScale, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' });
const serverPid = server.child.pid!;

interface Facility {
  Facility_ID: string;
  Address: string | null;
  City: string | null;
  State: string;
  Zip_Code: string | null;
  Latitude: number | null;
  Longitude: number | null;
}

try {
  const base = server.url;
  const broker = `Bearer ${await demoAccessToken(server, dataDir, 'broker')}`;
  const searcher = `Bearer ${await demoAccessToken(server, dataDir, 'underwriter')}`;
  const get = (url: string, authorization = broker) => fetch(`${base}${url}`, { headers: { authorization } });
  await waitForDataset(base, broker);

  const facilities = (await facilitiesOfBusiestCounties<Facility>(get, 40, rowsWanted)).filter(
    (facility) => facility.Address && facility.Latitude !== null && facility.Longitude !== null,
  );
  if (facilities.length === 0) throw new Error('The dataset has no facilities with an address in a county');

  const quote = (value: string | number | null) =>
    value === null ? '' : /[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value);
  const lines = ['reference,address,city,state,zip,latitude,longitude'];
  for (let index = 0; index < rowsWanted; index++) {
    const facility = facilities[index % facilities.length]!;
    const kind = index % 10;
    const row =
      kind < 7
        ? [facility.Address, facility.City, facility.State, facility.Zip_Code, null, null]
        : kind < 9
          ? [null, null, null, null, facility.Latitude, facility.Longitude]
          : [facility.Address!.replace(/^\d+/, (number) => String(Number(number) + 7)), facility.City, facility.State, facility.Zip_Code, null, null];
    lines.push([`LOC-${index}`, ...row].map(quote).join(','));
  }
  const csv = `${lines.join('\n')}\n`;

  // Other users' searches, from now until the screening is done.
  const searches: Array<{ at: number; ms: number; ok: boolean }> = [];
  let searching = true;
  const searchLoop = async (user: number) => {
    let next = user;
    while (searching) {
      const facility = facilities[(next += searchingUsers) % facilities.length]!;
      const started = performance.now();
      const response = await fetch(`${base}/api/search-address`, {
        method: 'POST',
        headers: { authorization: searcher, 'content-type': 'application/json' },
        body: JSON.stringify({ address: `${facility.Address}, ${facility.City}, ${facility.State} ${facility.Zip_Code ?? ''}` }),
      });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      searches.push({ at: started, ms, ok: response.status === 200 });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / SEARCHES_PER_SECOND_PER_USER - ms)));
    }
  };
  const loops = Array.from({ length: searchingUsers }, (_, user) => searchLoop(user));
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));

  const rssBefore = await serverMemory(serverPid);
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-portfolio.csv');
  const uploadStarted = performance.now();
  const accepted = await fetch(`${base}/api/screenings`, { method: 'POST', headers: { authorization: broker }, body: form });
  if (accepted.status !== 202) throw new Error(`upload: HTTP ${accepted.status} ${await accepted.text()}`);
  const { id } = (await accepted.json()) as ScreeningAccepted;
  const uploadMs = performance.now() - uploadStarted;
  let screening: ScreeningRun;
  let peakRss = rssBefore.rss;
  const progress: number[] = [];
  for (;;) {
    screening = (await (await get(`/api/screenings/${id}`)).json()) as ScreeningRun;
    peakRss = Math.max(peakRss, (await serverMemory(serverPid)).rss);
    if (screening.status === 'running') progress.push(screening.rows_per_second);
    if (screening.status === 'done' || screening.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const screeningSeconds = (performance.now() - uploadStarted) / 1000;
  const screeningEnded = performance.now();
  searching = false;
  await Promise.all(loops);
  if (screening.status !== 'done') throw new Error(`screening failed: ${screening.failure}`);

  const downloads: Array<Record<string, string | number>> = [];
  for (const [name, url] of [
    ['rows JSON', `/api/screenings/${id}/rows`],
    ['CSV', `/api/screenings/${id}/export/csv`],
    ['XLSX', `/api/screenings/${id}/export/xlsx`],
    ['PDF summary', `/api/screenings/${id}/summary.pdf`],
  ] as const) {
    const started = performance.now();
    const response = await get(url);
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
    downloads.push({ download: name, ms: performance.now() - started, 'size MiB': bytes / 1048576 });
  }

  const phase = (name: string, from: number, to: number) => {
    const inPhase = searches.filter((search) => search.at >= from && search.at < to);
    const { median, p95 } = summarize(inPhase.map((search) => search.ms));
    return {
      searches: name,
      count: inPhase.length,
      'median ms': median,
      'p95 ms': p95,
      'max ms': Math.max(0, ...inPhase.map((search) => search.ms)),
      errors: inPhase.filter((search) => !search.ok).length,
    };
  };
  const source = givenDataDir ? `DATA_DIR ${givenDataDir}` : `demo dataset DEMO_SCALE=${demoScale}`;
  printTable(`Portfolio screening (${source}; ${os.cpus().length} cores; ${facilities.length.toLocaleString('en-US')} distinct facilities sampled)`, [
    {
      rows: screening.rows_total,
      'upload ms': uploadMs,
      'upload to done s': screeningSeconds,
      'rows/s': screening.rows_total / screeningSeconds,
      'job rows/s (median of polls)': summarize(progress.filter((rate) => rate > 0)).median,
      matched: screening.matched,
      screened: screening.screened,
      'not located': screening.not_located,
    },
  ]);
  printTable(`Other users' searches (${searchingUsers} users, ${SEARCHES_PER_SECOND_PER_USER} searches/s each)`, [
    phase(`idle (${IDLE_SECONDS} s before the upload)`, 0, uploadStarted),
    phase('while screening', uploadStarted, screeningEnded),
  ]);
  printTable('Downloads of the result (one at a time)', downloads);
  printTable('Memory', [
    { measure: 'server RSS before the upload (MiB)', value: rssBefore.rss / 1024 },
    { measure: 'server RSS peak while screening (MiB)', value: peakRss / 1024 },
  ]);
} finally {
  await stopStandalone(server, 'SIGTERM to the process');
  if (!givenDataDir) await rm(dataDir, { recursive: true, force: true });
}
