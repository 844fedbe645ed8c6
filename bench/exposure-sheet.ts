/**
 * Exposure sheets: latency, throughput and memory per sheet of GET
 * /api/facilities/{id}/exposure-sheet.pdf (the chDB read, the risk score and quotes, the PDF
 * written and streamed), with the JSON sheet the print page reads and pdfkit's rendering alone
 * beside it. The platform runs in its own process, as users run it.
 *
 *   npx tsx bench/exposure-sheet.ts [sheets, default 300] [connections under load, default 4]
 *     a fresh data directory with the demo dataset of BENCH_DEMO_SCALE (default `fixtures`, the
 *     real EPA fixtures; any DEMO_SCALE value, e.g. 0.05, builds a generated sample first)
 *   DATA_DIR=/path/to/national npx tsx bench/exposure-sheet.ts
 *     an existing data directory as it is (a national one from `pnpm start`), nothing imported
 *
 * Facilities are sampled from the ten counties with most facilities, each asked once (the sheet
 * is not cached, so each request is a first view).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ExposureSheet } from '@ust/schemas';
import { demoAccessToken, stopStandalone } from '@ust/standalone/testing';
import { renderExposureSheetPdf } from '@ust/gateway';
import { facilitiesOfBusiestCounties } from './busiest-counties.js';
import { serverMemory, startBenchPlatform, waitForDataset } from './platform-process.js';
import { printTable, summarize } from './table.js';

const sheets = Number(process.argv[2] ?? 300);
const connections = Number(process.argv[3] ?? 4);
const givenDataDir = process.env.DATA_DIR;
const dataDir = givenDataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'ust-bench-sheet-')));
const demoScale = givenDataDir ? 'none' : (process.env.BENCH_DEMO_SCALE ?? 'fixtures');
const server = await startBenchPlatform(dataDir, { DEMO_SCALE: demoScale, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' });
const serverPid = server.child.pid!;
try {
  const base = server.url;
  const authorization = `Bearer ${await demoAccessToken(server, dataDir, 'underwriter')}`;
  const get = (url: string) => fetch(`${base}${url}`, { headers: { authorization } });
  await waitForDataset(base, authorization);

  const ids = (await facilitiesOfBusiestCounties<{ Facility_ID: string }>(get, 10)).map((facility) => facility.Facility_ID);
  const sample = [...new Set(ids)].slice(0, sheets);
  if (sample.length === 0) throw new Error('The dataset has no facilities in a county');
  const pdfPath = (id: string) => `/api/facilities/${encodeURIComponent(id)}/exposure-sheet.pdf`;
  const jsonPath = (id: string) => `/api/facilities/${encodeURIComponent(id)}/exposure-sheet`;

  // Warm-up: the county shapes load and V8 compiles on the first sheets.
  for (const id of sample.slice(0, 10)) await (await get(pdfPath(id))).arrayBuffer();

  const rssBefore = await serverMemory(serverPid);
  const pdfTimes: number[] = [];
  let pdfBytes = 0;
  const sheetsJson: ExposureSheet[] = [];
  const jsonTimes: number[] = [];
  let started = performance.now();
  for (const id of sample) {
    const start = performance.now();
    const response = await get(pdfPath(id));
    const body = await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pdfPath(id)}: HTTP ${response.status}`);
    pdfTimes.push(performance.now() - start);
    pdfBytes += body.byteLength;
  }
  const pdfSeconds = (performance.now() - started) / 1000;
  const rssAfter = await serverMemory(serverPid);
  started = performance.now();
  for (const id of sample) {
    const start = performance.now();
    const response = await get(jsonPath(id));
    sheetsJson.push((await response.json()) as ExposureSheet);
    jsonTimes.push(performance.now() - start);
  }
  const jsonSeconds = (performance.now() - started) / 1000;

  // pdfkit alone, in this process: the rendering's share of a request, and its heap per sheet.
  const renderTimes: number[] = [];
  const heaps: number[] = [];
  for (const sheet of sheetsJson) {
    const heapBefore = process.memoryUsage().heapUsed;
    const start = performance.now();
    const document = renderExposureSheetPdf(sheet);
    let peak = 0;
    for await (const _chunk of document) peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
    renderTimes.push(performance.now() - start);
    heaps.push(peak);
  }

  // Under load: as many clients as connections, each asking one sheet at a time.
  let next = 0;
  const load = await autocannon({
    url: base,
    connections,
    amount: sample.length * 2,
    requests: [{ method: 'GET', headers: { authorization }, setupRequest: (request) => ({ ...request, path: pdfPath(sample[next++ % sample.length]!) }) }],
  });

  const row = (name: string, times: number[], seconds: number) => {
    const { median, p95 } = summarize(times);
    return { measure: name, sheets: times.length, 'median ms': median, 'p95 ms': p95, 'sheets/s': times.length / seconds };
  };
  printTable(
    `Exposure sheets (${givenDataDir ? `DATA_DIR ${givenDataDir}` : `demo dataset DEMO_SCALE=${demoScale}`}; ${sample.length} facilities, one at a time)`,
    [
      row('PDF, HTTP round trip', pdfTimes, pdfSeconds),
      row('JSON sheet (print page)', jsonTimes, jsonSeconds),
      row('pdfkit rendering alone', renderTimes, renderTimes.reduce((sum, time) => sum + time, 0) / 1000),
    ],
  );
  printTable(`PDF under load (${connections} connections, ${load.requests.total} requests)`, [
    {
      'sheets/s': load.requests.average,
      'median ms': load.latency.p50,
      'p97.5 ms': load.latency.p97_5,
      'p99 ms': load.latency.p99,
      errors: load.errors + load.non2xx,
    },
  ]);
  printTable('Memory', [
    { measure: 'PDF size per sheet (KiB)', value: pdfBytes / sample.length / 1024 },
    { measure: 'pdfkit heap per sheet, median (KiB)', value: summarize(heaps).median / 1024 },
    { measure: 'server RSS before the sheets (MiB)', value: rssBefore.rss / 1024 },
    { measure: 'server RSS after the sheets (MiB)', value: rssAfter.rss / 1024 },
    { measure: 'server peak RSS (MiB)', value: rssAfter.peak / 1024 },
  ]);
} finally {
  await stopStandalone(server, 'SIGTERM to the process');
  if (!givenDataDir) await rm(dataDir, { recursive: true, force: true });
}
