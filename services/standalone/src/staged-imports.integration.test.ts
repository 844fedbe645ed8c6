/**
 * Staged imports on the in-process log and on a real Kafka broker: an import's rows stay
 * invisible until its commit. The DE fixture with an unclosed quote near the end of
 * compartment.csv fails with its file and line and leaves nothing visible; an import killed
 * before its commit leaves only staged rows; the good import that follows goes live and the
 * rebuild runs; replaying it changes nothing. On Kafka the dataset consumers use groups of their
 * own, so they read every message of the shared topics and assertions are scoped to DE and to the
 * test's import ids.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createInProcessJobQueue,
  createKafkaEventLog,
  createLogger,
  createMemoryCache,
  migrationsDirectory,
  type AnalyticsStore,
  type EventLog,
} from '@ust/platform';
import { Topics } from '@ust/schemas';
import { buildConsumers, dropAbandonedStaging, type IngestHandle } from '@ust/ingest';
import { startIngestWhenCoordinatorReady } from '@ust/ingest/testing';
import { startWorkers, type WorkersHandle } from '@ust/workers';
import { awaitFailureRecorded, awaitRebuild, FIXTURES_DIRECTORY, ImportFailedError, runImport, type RunImportDeps } from '@ust/pipelines';
import { importOutcome, listAllManifests, readManifest, type ImportPlan } from '@ust/read-model';

const log = createLogger('staged-imports-test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const DE = { facilities: 2_665, tanks: 8_986, releases: 0 };
const TABLES = ['facilities', 'tanks', 'releases'] as const;

async function until(check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The event log of a process killed after publishing its records: the commit never leaves. */
function killedBeforeCommit(events: EventLog): EventLog {
  return new Proxy(events, {
    get(target, property, receiver) {
      if (property === 'publish') {
        return async (topic: string, messages: Parameters<EventLog['publish']>[1]) => {
          if (topic === Topics.datasetCommitted) throw new Error('killed before the commit');
          return target.publish(topic, messages);
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const variants: Array<[string, (id: string) => { events: EventLog; groupSuffix: string }]> = [
  ['the in-process log', () => ({ events: createInProcessEventLog(), groupSuffix: '' })],
  [
    'Kafka',
    (id) => ({
      events: createKafkaEventLog({ brokers: inject('kafkaBrokers').split(','), clientId: `staged-${id}`, logger: log, sessionTimeoutMs: 6_000 }),
      groupSuffix: `.staged-test-${id}`,
    }),
  ],
];

describe.each(variants)('staged imports on %s', (_name, openEvents) => {
  let store: AnalyticsStore;
  let events: EventLog;
  let dataDir: string;
  let ingest: IngestHandle;
  let workers: WorkersHandle;
  const jobs = createInProcessJobQueue();
  const cache = createMemoryCache();
  const deps = (): RunImportDeps => ({ events, store, log });
  const goodPlan: ImportPlan = {
    kind: 'files',
    paths: [path.join(FIXTURES_DIRECTORY, 'epa-template/DE')],
    sourceRoot: path.join(FIXTURES_DIRECTORY, 'epa-template'),
  };
  const importIds: { failed?: string; killed?: string; good?: string } = {};

  const count = async (sql: string, params: Record<string, unknown> = {}) => Number((await store.query<{ n: number }>(sql, params))[0]?.n ?? 0);
  const visibleDe = async () => {
    const counts: Record<string, number> = {};
    for (const table of TABLES) counts[table] = await count(`SELECT count() AS n FROM ${table} FINAL WHERE state = 'DE'`);
    return counts;
  };
  const rowsOf = async (table: string, importId: string) => count(`SELECT count() AS n FROM ${table} WHERE import_id = {id:String}`, { id: importId });

  beforeAll(async () => {
    const id = `${process.pid}-${Date.now().toString(36)}`;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-staged-'));
    store = await createChdbStore({ path: path.join(dataDir, 'clickhouse'), database: 'staged' });
    await applyMigrations(store, migrationsDirectory);
    const opened = openEvents(id);
    events = opened.events;
    const ports = { store, events, jobs, cache, log };
    const dataset = buildConsumers(ports, { groupSuffix: opened.groupSuffix }).filter((definition) => definition.groupId.startsWith('ingest.dataset'));
    ingest = await startIngestWhenCoordinatorReady(ports, dataset);
    workers = await startWorkers(ports);
  });
  afterAll(async () => {
    await ingest?.close();
    await workers?.close();
    await events?.close();
    await jobs.close();
    await cache.close();
    await store?.close();
  });

  it('fails a file malformed half-way with its file and line, and leaves nothing visible', async () => {
    const source = await mkdtemp(path.join(os.tmpdir(), 'ust-staged-source-'));
    await cp(path.join(FIXTURES_DIRECTORY, 'epa-template/DE'), path.join(source, 'DE'), { recursive: true });
    const compartments = path.join(source, 'DE/UST/compartment.csv');
    const lines = (await readFile(compartments, 'utf8')).split('\n');
    const broken = lines.length - 20;
    lines[broken - 1] = `"${lines[broken - 1]}`;
    await writeFile(compartments, lines.join('\n'));

    const failure = await runImport({ kind: 'files', paths: [path.join(source, 'DE')], sourceRoot: source }, deps()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportFailedError);
    const { manifest, reason } = failure as ImportFailedError;
    expect(reason).toBe(`DE/UST/compartment.csv, line ${broken}: a quoted cell opened in this record is never closed (the file ends inside quotes)`);
    // The facilities were read and published before the compartments broke.
    expect(manifest.counts?.facilities).toBe(DE.facilities);
    importIds.failed = manifest.import_id;

    await awaitFailureRecorded(store, manifest.import_id);
    expect(await store.query('SELECT status, failure FROM imports FINAL WHERE import_id = {id:String}', { id: manifest.import_id })).toEqual([
      { status: 'failed', failure: reason },
    ]);
    expect(importOutcome(await readManifest(store, manifest.import_id))).toBe(`failed: ${reason}`);
    expect(await visibleDe()).toEqual({ facilities: 0, tanks: 0, releases: 0 });
  }, 120_000);

  it('leaves an import killed before its commit staged and invisible', async () => {
    const killed = await runImport(goodPlan, { ...deps(), events: killedBeforeCommit(events) }).catch((error: unknown) => error);
    expect((killed as Error).message).toBe('killed before the commit');
    const [killedId] = (await listAllManifests(store)).map((manifest) => manifest.import_id).filter((id) => id !== importIds.failed);
    importIds.killed = killedId!;
    expect(importOutcome(await readManifest(store, importIds.killed))).toMatch(/^not committed/);

    // Every record reaches staging, and none of it the live tables.
    await until(
      async () => (await rowsOf('facilities_staging', importIds.killed!)) >= DE.facilities && (await rowsOf('tanks_staging', importIds.killed!)) >= DE.tanks,
    );
    expect(await visibleDe()).toEqual({ facilities: 0, tanks: 0, releases: 0 });
  }, 120_000);

  it('puts the next good import live and rebuilds, with no row of the failed or killed import', async () => {
    const result = await runImport(goodPlan, deps());
    importIds.good = result.manifest.import_id;
    // 19 placeholder dates of tanks, 3 facilities placed at their ZIP's centroid.
    expect(result.tally.counts).toEqual({ ...DE, rejects: 0, warnings: 22 });
    expect((await awaitRebuild(jobs, result.manifest)).status).toBe('completed');

    expect(await visibleDe()).toEqual(DE);
    for (const table of TABLES) {
      expect(await rowsOf(table, importIds.failed!), table).toBe(0);
      expect(await rowsOf(table, importIds.killed!), table).toBe(0);
      expect(await rowsOf(`${table}_staging`, importIds.good), table).toBe(0);
      expect(await rowsOf(`${table}_staging`, importIds.failed!), table).toBe(0);
    }
    expect(await store.query('SELECT status FROM imports FINAL WHERE import_id = {id:String}', { id: importIds.good })).toEqual([{ status: 'committed' }]);

    // The cleanup of imports started long enough ago drops the killed import's staged rows, and
    // promotes rows of the committed one redelivered while it was being promoted.
    await store.command('INSERT INTO tanks_staging SELECT * FROM tanks WHERE import_id = {id:String} LIMIT 5', { id: importIds.good });
    expect(await dropAbandonedStaging(store, new Date(result.manifest.version + 1))).toEqual([importIds.killed]);
    for (const table of TABLES) {
      expect(await rowsOf(`${table}_staging`, importIds.killed!), table).toBe(0);
      expect(await rowsOf(`${table}_staging`, importIds.good), table).toBe(0);
    }
    expect(await visibleDe()).toEqual(DE);
  }, 180_000);

  it('replays the good import without changing a row', async () => {
    const checksum = () => store.query(`SELECT count() AS n, sum(cityHash64(*)) AS hash FROM tanks FINAL WHERE state = 'DE'`);
    const before = await checksum();
    const manifest = await readManifest(store, importIds.good!);
    const replay = await runImport(manifest.plan, deps(), manifest);
    expect((await awaitRebuild(jobs, replay.manifest)).status).toBe('completed');
    expect(await checksum()).toEqual(before);
    expect(await visibleDe()).toEqual(DE);
  }, 180_000);

  it('replays an import whose rows a newer import replaced, and the newer rows stay', async () => {
    const newer = await runImport(goodPlan, deps());
    expect((await awaitRebuild(jobs, newer.manifest)).status).toBe('completed');
    // Merged: the replaced rows of the first import are gone from the live tables, so counting
    // them could never tell that its replay is written.
    for (const table of TABLES) await store.command(`OPTIMIZE TABLE ${table} FINAL`);
    expect(await rowsOf('tanks', importIds.good!)).toBe(0);

    const manifest = await readManifest(store, importIds.good!);
    const replay = await runImport(manifest.plan, deps(), manifest);
    expect((await awaitRebuild(jobs, replay.manifest)).status).toBe('completed');
    expect(await visibleDe()).toEqual(DE);
    expect(await count(`SELECT count() AS n FROM tanks FINAL WHERE state = 'DE' AND import_id != {id:String}`, { id: newer.manifest.import_id })).toBe(0);
  }, 180_000);
});
