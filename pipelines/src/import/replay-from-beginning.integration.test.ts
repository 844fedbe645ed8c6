/**
 * Replay from the beginning on a real Kafka broker: an import written by the ingest consumers,
 * the tables emptied, the writer's group reset to the earliest offsets, and the same rows come
 * back: identical checksums. The broker is this test's own: on the shared one, the dataset
 * topics hold other files' imports, which a writer reading from the earliest offsets would take
 * in too. The group offsets are the writer's own, as in production.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  createChdbStore,
  createInProcessJobQueue,
  createKafkaEventLog,
  createLogger,
  createMemoryCache,
  migrationsDirectory,
  type AnalyticsStore,
  type EventLog,
} from '@ust/platform';
import { startKafkaBroker, type RestartableKafkaBroker } from '@ust/platform/testing';
import { startIngestWhenCoordinatorReady } from '@ust/ingest/testing';
import { FIXTURES_DIRECTORY } from '../demo/build-demo.js';
import { runImport } from './run-import.js';
import { resetDatasetWriterToEarliest } from './replay-all.js';
import { tableChecksums } from './table-checksums.js';

const log = createLogger('replay-test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });

async function until(check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('replay from the beginning on Kafka', () => {
  let store: AnalyticsStore;
  let events: EventLog;
  let broker: RestartableKafkaBroker;
  let dataDir: string;
  const jobs = createInProcessJobQueue();
  const cache = createMemoryCache();

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-replay-'));
    store = await createChdbStore({ path: path.join(dataDir, 'clickhouse'), database: 'replay' });
    await applyMigrations(store, migrationsDirectory);
    broker = await startKafkaBroker();
    events = createKafkaEventLog({ brokers: [broker.url], clientId: 'replay-test', logger: log, sessionTimeoutMs: 6_000 });
  }, 120_000);
  afterAll(async () => {
    await events?.close();
    await broker?.stop();
    await jobs.close();
    await cache.close();
    await store?.close();
  }, 60_000);

  const written = async (counts: { facilities: number; tanks: number; releases: number }) => {
    const rows = await tableChecksums(store);
    return rows[0]!.rows >= counts.facilities && rows[1]!.rows >= counts.tanks && rows[2]!.rows >= counts.releases;
  };

  it('rewrites identical tables after a reset of the writer group', async () => {
    let ingest = await startIngestWhenCoordinatorReady({ store, events, jobs, cache, log });
    const result = await runImport(
      { kind: 'files', paths: [path.join(FIXTURES_DIRECTORY, 'epa-template/DC')], sourceRoot: FIXTURES_DIRECTORY },
      { events, store, log },
    );
    expect(result.tally.counts).toMatchObject({ facilities: 1_356, tanks: 4_479, releases: 1_065 });
    await until(() => written(result.tally.counts));
    const before = await tableChecksums(store);
    await ingest.close();

    for (const table of ['facilities', 'tanks', 'releases']) await store.command(`TRUNCATE TABLE ${table}`);
    await resetDatasetWriterToEarliest(events);
    ingest = await startIngestWhenCoordinatorReady({ store, events, jobs, cache, log });
    await until(() => written(result.tally.counts));
    expect(await tableChecksums(store)).toEqual(before);
    await ingest.close();
  }, 240_000);
});
