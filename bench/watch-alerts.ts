/**
 * The evaluate-watch-alerts job at national scale on the embedded engine (chDB): two versions of
 * `facility_summary` with FACILITIES synthetic facilities each, ITEMS watched items of 1,000
 * users (half facilities, half places of 1 mile round a facility's point), and the job run for
 * two kinds of new version:
 *   - an import of one state: a build that derived that state only (its rows changed: a score,
 *     a release, a tank closed, a facility gone or added), compared on that state;
 *   - a full rebuild in which CHANGED_SHARE of all facilities changed, compared on every row.
 * Prints each run's seconds by phase (reading the items, finding what changed, meeting the two,
 * writing the alerts), the alerts written, the event loop's delay while the job ran (the
 * embedded platform runs it on the API's thread) and the process's RSS.
 *
 *   node --expose-gc --import tsx bench/watch-alerts.ts [facilities=748000] [items=100000]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  applyMigrations,
  createChdbStore,
  createInProcessJobQueue,
  createLogger,
  createMemoryCache,
  migrationsDirectory,
  type AnalyticsStore,
} from '@ust/platform';
import { STATE_CODES } from '@ust/domain';
import { datasetKeys, writeUserRecords, type UserRecordWrite } from '@ust/read-model';
import { JobNames } from '@ust/schemas';
import { watchAlertsProcessor, type WatchAlertsResult } from '@ust/workers';
import { printTable, rssMegabytes, type Row } from './table.js';

const FACILITIES = Number(process.argv[2] ?? 748_000);
const ITEMS = Number(process.argv[3] ?? 100_000);
const USERS = 1_000;
const CHANGED_SHARE = 0.05;
const IMPORTED_STATE = 'DE';
const STATES = Object.values(STATE_CODES).map((state) => state.code);
const INSERT_BATCH = 50_000;
const log = createLogger('bench-watch-alerts', { level: 'silent' });

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SummaryRow {
  dataset_version: number;
  facility_id: string;
  state: string;
  name: string;
  latitude: number;
  longitude: number;
  calculated_risk_score: number;
  total_leak_count: number;
  open_leak_count: number;
  total_tank_count: number;
  active_tank_count: number;
  inactive_tank_count: number;
  tos_tank_count: number;
  source: string;
  built_at: string;
}

/** Facility n of the base version: states in turn (Delaware gets its share), points in the lower 48's box. */
function baseRow(n: number, next: () => number): SummaryRow {
  const tanks = 1 + Math.floor(next() * 4);
  return {
    dataset_version: 1,
    facility_id: `F-${n}`,
    state: STATES[n % STATES.length]!,
    name: `FACILITY ${n}`,
    latitude: 25 + next() * 24,
    longitude: -124 + next() * 57,
    calculated_risk_score: 1 + Math.floor(next() * 10),
    total_leak_count: next() < 0.3 ? 1 : 0,
    open_leak_count: 0,
    total_tank_count: tanks,
    active_tank_count: tanks,
    inactive_tank_count: 0,
    tos_tank_count: 0,
    source: 'generated',
    built_at: '2026-11-30 00:00:00.000',
  };
}

/** The row in a later version, changed one way or another. */
function changedRow(row: SummaryRow, version: number, kind: number): SummaryRow {
  const changed = { ...row, dataset_version: version };
  if (kind % 3 === 0) changed.calculated_risk_score = Math.min(10, row.calculated_risk_score + 3);
  else if (kind % 3 === 1) Object.assign(changed, { total_leak_count: row.total_leak_count + 1, open_leak_count: row.open_leak_count + 1 });
  else Object.assign(changed, { active_tank_count: row.active_tank_count - 1, inactive_tank_count: row.inactive_tank_count + 1 });
  return changed;
}

async function insertRows(store: AnalyticsStore, rows: SummaryRow[]): Promise<void> {
  for (let from = 0; from < rows.length; from += INSERT_BATCH) await store.insert('facility_summary', rows.slice(from, from + INSERT_BATCH));
}

/** Writes version `version`: every base row, `change(n)` deciding for each whether and how it changed (null: gone). */
async function writeVersion(
  store: AnalyticsStore,
  base: SummaryRow[],
  version: number,
  change: (row: SummaryRow, n: number) => SummaryRow | null | 'same',
  states?: string,
) {
  const rows: SummaryRow[] = [];
  let changed = 0;
  base.forEach((row, n) => {
    if (states !== undefined && row.state !== states) return;
    const next = change(row, n);
    if (next === 'same') rows.push({ ...row, dataset_version: version });
    else if (next !== null) {
      rows.push(next);
      changed++;
    } else changed++;
  });
  await insertRows(store, rows);
  return changed;
}

async function watch(store: AnalyticsStore, base: SummaryRow[], next: () => number): Promise<void> {
  const at = '2026-11-30T00:00:00.000Z';
  const byOwner = new Map<string, UserRecordWrite[]>();
  for (let n = 0; n < ITEMS; n++) {
    const owner = `u_${n % USERS}`;
    const writes = byOwner.get(owner) ?? [
      { kind: 'watchlist', id: `wl-${owner}`, record: { id: `wl-${owner}`, name: 'Book', notes: '', created_at: at, updated_at: at } },
    ];
    const facility = base[Math.floor(next() * base.length)]!;
    const place = n % 2 === 1;
    writes.push({
      kind: 'watched-item',
      id: `wi-${n}`,
      record: {
        id: `wi-${n}`,
        watchlist_id: `wl-${owner}`,
        seq: n,
        kind: place ? 'place' : 'facility',
        facility_id: place ? null : facility.facility_id,
        label: place ? `Place ${n}` : facility.name,
        latitude: facility.latitude,
        longitude: facility.longitude,
        radius_miles: place ? 1 : null,
        note: '',
        added_at: at,
      },
    });
    byOwner.set(owner, writes);
  }
  for (const [owner, writes] of byOwner) await writeUserRecords(store, owner, writes);
}

async function runJob(store: AnalyticsStore, version: number, base: number, rebuiltStates: string[] | null): Promise<Row> {
  const cache = createMemoryCache();
  const jobs = createInProcessJobQueue({ logger: log });
  await cache.set(
    datasetKeys.meta(version),
    JSON.stringify({ dataset_version: version, import_id: null, rebuilt_states: rebuiltStates ? { base_version: base, states: rebuiltStates } : null }),
  );
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const result = (await watchAlertsProcessor({ store, cache, jobs, log, digestIntervalSeconds: 3_600 })({
    id: `alerts-v${version}`,
    name: JobNames.evaluateWatchAlerts,
    data: { version, base_version: base },
    attemptsMade: 0,
  } as never)) as WatchAlertsResult;
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  await cache.close();
  await jobs.close();
  return {
    run: rebuiltStates ? `import of ${rebuiltStates.join(', ')} (v${base} → v${version})` : `full rebuild (v${base} → v${version})`,
    items: result.items,
    'changed facilities': result.changedFacilities,
    alerts: result.alerts,
    's read items': result.seconds.items,
    's find changes': result.seconds.changes,
    's evaluate': result.seconds.evaluate,
    's write': result.seconds.write,
    's total': Number(seconds.toFixed(2)),
    'loop delay p99 ms': Number((delay.percentile(99) / 1e6).toFixed(1)),
    'loop delay max ms': Number((delay.max / 1e6).toFixed(1)),
    'rss MB': rssMegabytes(),
  };
}

/** Three versions of the summaries and the watched items; its arrays die with it. */
async function seed(store: AnalyticsStore): Promise<void> {
  const next = random(20261130);
  const base = Array.from({ length: FACILITIES }, (_, n) => baseRow(n, next));
  const seeding = performance.now();
  await insertRows(store, base);
  // Version 2: Delaware imported again, one in four of its facilities changed, one in fifty gone.
  const imported = await writeVersion(store, base, 2, (row, n) => (n % 50 === 0 ? null : n % 4 === 0 ? changedRow(row, 2, n) : 'same'), IMPORTED_STATE);
  // Other states copied from version 1, as a build deriving only Delaware does.
  await insertRows(
    store,
    base.filter((row) => row.state !== IMPORTED_STATE).map((row) => ({ ...row, dataset_version: 2 })),
  );
  // Version 3: a full rebuild in which CHANGED_SHARE of every facility changed.
  const v2 = base.map((row) => ({ ...row, dataset_version: 2 }));
  const everywhere = await writeVersion(store, v2, 3, (row, n) => (next() < CHANGED_SHARE ? changedRow(row, 3, n) : 'same'));
  await watch(store, base, next);
  console.log(
    `seeded ${FACILITIES.toLocaleString('en-US')} facilities in 3 versions (${imported} changed in ${IMPORTED_STATE}, ${everywhere.toLocaleString('en-US')} everywhere) and ${ITEMS.toLocaleString('en-US')} watched items of ${USERS} users in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
}

async function main(): Promise<void> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ust-bench-alerts-'));
  const store = await createChdbStore({ path: directory, database: 'bench_alerts' });
  try {
    await applyMigrations(store, migrationsDirectory);
    await seed(store);
    // The seed's arrays are garbage now: collected before the runs, so no pause of theirs is counted.
    (globalThis as { gc?: () => void }).gc?.();
    printTable(`evaluate-watch-alerts: ${ITEMS.toLocaleString('en-US')} watched items, ${FACILITIES.toLocaleString('en-US')} facilities per version (chDB)`, [
      await runJob(store, 2, 1, [IMPORTED_STATE]),
      await runJob(store, 3, 2, null),
    ]);
  } finally {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
