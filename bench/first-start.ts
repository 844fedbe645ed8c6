/**
 * The first start on a fresh data directory, as a new user runs it (docs/decisions/0131): the
 * seconds until GET /health answers (every real record live), until the first address search
 * answers, and until the generated records' import job is live (the whole national demo). While
 * that job runs, one search every 2 s measures what a user waits meanwhile, and the platform's
 * RSS is sampled every second.
 *
 *   npx tsx bench/first-start.ts [DEMO_SCALE, default national] [address]
 *
 * BENCH_RUNTIME=compiled runs the platform as `pnpm start` does (platform-process.ts).
 */
import { findFreePort } from '@ust/platform';
import type { ImportsResponse } from '@ust/schemas';
import { demoAccessToken, spawnStandalone, stopStandalone, waitForHealth } from '@ust/standalone/testing';
import { benchRuntime, benchScratch, nodeArguments, serverMemory } from './platform-process.js';
import { printTable, summarize } from './table.js';

const scale = process.argv[2] ?? 'national';
const address = process.argv[3] ?? '1016 Bladensburg Rd NE, Washington DC 20002';
const runtime = benchRuntime();
// Builds the compiled services first when they are out of date, so the build is not timed.
if (runtime === 'compiled') nodeArguments('services/standalone/src/main.ts', runtime);
const scratch = await benchScratch('ust-bench-first-start-');
const server = spawnStandalone({
  dataDir: scratch.directory,
  port: await findFreePort(),
  launch: runtime,
  env: { DEMO_SCALE: scale, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000000' },
});
scratch.platformStarted(server.child.pid);
const pid = server.child.pid!;
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

let maxRss = 0;
const sampler = setInterval(() => {
  serverMemory(pid).then(
    ({ rss }) => (maxRss = Math.max(maxRss, rss)),
    () => undefined,
  );
}, 1_000);

const healthSeconds = Math.round((await waitForHealth(server, 30 * 60_000)) / 100) / 10;
const rssAtHealth = (await serverMemory(pid)).rss;
const admin = `Bearer ${await demoAccessToken(server, scratch.directory, 'admin')}`;

async function search(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/search-address`, {
    method: 'POST',
    headers: { authorization: admin, 'content-type': 'application/json' },
    body: JSON.stringify({ address }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  return performance.now() - started;
}

await search();
const firstSearchSeconds = seconds(server.spawnedAt);

async function generatedRun() {
  const response = await fetch(`${server.url}/api/admin/imports`, { headers: { authorization: admin } });
  if (!response.ok) throw new Error(`GET /api/admin/imports answered ${response.status}`);
  return ((await response.json()) as ImportsResponse).imports.find((run) => run.files.includes('generated'));
}

const searchesMeanwhile: number[] = [];
let run = await generatedRun();
for (let next = performance.now(); run && run.status !== 'live' && run.status !== 'failed'; run = await generatedRun()) {
  if (performance.now() >= next) {
    searchesMeanwhile.push(await search());
    next = performance.now() + 2_000;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const completeSeconds = seconds(server.spawnedAt);
if (run?.status === 'failed') throw new Error(`the generated import failed: ${run.failure}`);
await new Promise((resolve) => setTimeout(resolve, 30_000));
const rssAfter = (await serverMemory(pid)).rss;
clearInterval(sampler);
await stopStandalone(server, 'SIGTERM to the process');
scratch.platformStarted(undefined);

const meanwhile = summarize(searchesMeanwhile);
const mb = (kib: number) => Math.round(kib / 1024);
printTable(`First start on a fresh data directory (DEMO_SCALE=${scale}, ${runtime})`, [
  { moment: 'GET /health answers: the real records live', 's after spawn': healthSeconds, 'RSS MB': mb(rssAtHealth) },
  { moment: 'first address search answered', 's after spawn': firstSearchSeconds, 'RSS MB': '' },
  { moment: run ? 'generated records live: the whole demo' : 'no generated import (fixtures only)', 's after spawn': completeSeconds, 'RSS MB': '' },
  { moment: '30 s later', 's after spawn': '', 'RSS MB': mb(rssAfter) },
  { moment: 'largest sample', 's after spawn': '', 'RSS MB': mb(maxRss) },
]);
printTable('Address searches while the generated records were read and rebuilt (one every 2 s)', [
  {
    searches: searchesMeanwhile.length,
    'median ms': Math.round(meanwhile.median),
    'p95 ms': Math.round(meanwhile.p95),
    'max ms': Math.round(Math.max(0, ...searchesMeanwhile)),
  },
]);
