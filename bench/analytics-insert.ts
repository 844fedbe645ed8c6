/**
 * AnalyticsStore insert throughput on the embedded engine (chDB): facility-shaped rows in
 * batches of 50,000 (the chDB batch limit, docs/decisions/0022-chdb-discipline.md), three
 * runs per table engine.
 *
 *   npx tsx bench/analytics-insert.ts [rows]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createChdbStore, MAX_INSERT_BATCH } from '@ust/platform';
import { printTable, rssMegabytes, summarize } from './table.js';

const totalRows = Number(process.argv[2] ?? 1_000_000);
const runs = 3;
const states = ['DC', 'DE', 'VT', 'IL', 'IA', 'TX', 'CA', 'NY'];

function facilityRows(count: number, version: number) {
  return Array.from({ length: count }, (_, i) => ({
    facility_id: `F${i}`,
    name: `Facility ${i}`,
    state: states[i % states.length],
    latitude: 25 + (i % 2400) / 100,
    longitude: -125 + (i % 5800) / 100,
    total_tanks: i % 7,
    has_leak: i % 3 === 0 ? 1 : 0,
    installed: new Date(Date.UTC(1960 + (i % 60), i % 12, 1)).toISOString(),
    version,
  }));
}

const directory = await mkdtemp(path.join(os.tmpdir(), 'ust-bench-chdb-'));
const store = await createChdbStore({ path: directory, database: 'bench' });
const results = [];
for (const engine of ['MergeTree', 'ReplacingMergeTree(version)']) {
  const perRun: number[] = [];
  const batchMs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await store.command('DROP TABLE IF EXISTS facilities_bench');
    await store.command(`CREATE TABLE facilities_bench (
      facility_id String, name String, state LowCardinality(String), latitude Float64, longitude Float64,
      total_tanks UInt16, has_leak UInt8, installed DateTime64(3, 'UTC'), version UInt64
    ) ENGINE = ${engine} ORDER BY facility_id`);
    const rows = facilityRows(totalRows, run + 1);
    const started = performance.now();
    for (let start = 0; start < rows.length; start += MAX_INSERT_BATCH) {
      const batchStarted = performance.now();
      await store.insert('facilities_bench', rows.slice(start, start + MAX_INSERT_BATCH));
      batchMs.push(performance.now() - batchStarted);
    }
    perRun.push(totalRows / ((performance.now() - started) / 1000));
    const [{ n } = { n: 0 }] = await store.query<{ n: number }>('SELECT count() AS n FROM facilities_bench');
    if (n !== totalRows) throw new Error(`expected ${totalRows} rows, found ${n}`);
  }
  const throughput = summarize(perRun);
  const latency = summarize(batchMs);
  results.push({
    engine,
    rows: totalRows,
    'batch rows': MAX_INSERT_BATCH,
    'median rows/s': Math.round(throughput.median),
    'median batch ms': Math.round(latency.median * 10) / 10,
    'p95 batch ms': Math.round(latency.p95 * 10) / 10,
    'RSS MB': rssMegabytes(),
  });
}
await store.close();
await rm(directory, { recursive: true, force: true });
printTable(`AnalyticsStore insert throughput, chDB (${runs} runs each)`, results);
