/**
 * The import thread reads and publishes an import exactly as runImport does on the main thread:
 * the same records on the same topics, the same counts and manifest, its progress reported here,
 * and a file that cannot be read failing with the same ImportFailedError, naming file and line.
 * The store is real chDB (on this thread: the import thread calls it over its port) and the
 * event log the embedded one.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createLogger,
  migrationsDirectory,
  type AnalyticsStore,
  type EventLog,
} from '@ust/platform';
import { Topics } from '@ust/schemas';
import { readManifest } from '@ust/read-model';
import { FIXTURES_DIRECTORY } from '../../demo/build-demo.js';
import { RECORD_TOPICS } from '../../publish/dataset-topics.js';
import { ImportFailedError, runImport, type TallyCounts } from '../run-import.js';
import { createImportReader, type ImportReader } from './import-thread.js';

const log = createLogger('import-thread-test', { level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const DE_FOLDER = path.join(FIXTURES_DIRECTORY, 'epa-template', 'DE');

/** Messages published per record topic: each partition's end offset, summed. */
async function publishedPerTopic(events: EventLog): Promise<Record<string, number>> {
  const entries = await Promise.all(
    RECORD_TOPICS.map(async (topic) => [topic, (await events.endOffsets(topic)).reduce((sum, { offset }) => sum + Number(offset), 0)] as const),
  );
  return Object.fromEntries(entries);
}

describe('an import read on the import thread', () => {
  let dataDir: string;
  let store: AnalyticsStore;
  let reader: ImportReader;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-import-thread-'));
    store = await createChdbStore({ path: path.join(dataDir, 'clickhouse'), database: 'import_thread' });
    await applyMigrations(store, migrationsDirectory);
    reader = createImportReader();
  }, 120_000);
  afterAll(async () => {
    await reader?.close();
    await store?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('publishes what runImport publishes here, and reports its progress to this thread', async () => {
    const plan = { kind: 'files' as const, paths: [DE_FOLDER], sourceRoot: FIXTURES_DIRECTORY };
    const here = createInProcessEventLog();
    const there = createInProcessEventLog();
    const progress: TallyCounts[] = [];
    try {
      const inline = await runImport(plan, { events: here, store, log });
      const threaded = await reader.run(plan, { events: there, store, log, onProgress: (tally) => progress.push(tally) });

      expect(threaded.tally.counts).toEqual(inline.tally.counts);
      expect(threaded.tally.records).toBe(11_651);
      expect(await publishedPerTopic(there)).toEqual(await publishedPerTopic(here));
      const { import_id: _threadedId, version: _threadedVersion, started_at: _s1, committed_at: _c1, ...threadedManifest } = threaded.manifest;
      const { import_id: _inlineId, version: _inlineVersion, started_at: _s2, committed_at: _c2, ...inlineManifest } = inline.manifest;
      expect(threadedManifest).toEqual(inlineManifest);
      // The thread wrote its manifest through this thread's store.
      expect((await readManifest(store, threaded.manifest.import_id))?.committed_at).toBe(threaded.manifest.committed_at);
      expect(progress.length).toBeGreaterThan(1);
      expect(progress.at(-1)?.records).toBe(11_651);
      expect(progress.map((tally) => tally.records)).toEqual([...progress.map((tally) => tally.records)].sort((a, b) => a - b));
    } finally {
      await here.close();
      await there.close();
    }
  }, 120_000);

  it('fails a file malformed half-way with an ImportFailedError naming the file and line, and publishes the failure', async () => {
    const folder = await mkdtemp(path.join(dataDir, 'malformed-'));
    await cp(path.join(DE_FOLDER, 'UST'), path.join(folder, 'DE', 'UST'), { recursive: true });
    const facilityFile = path.join(folder, 'DE', 'UST', 'facility.csv');
    const lines = (await readFile(facilityFile, 'utf8')).trimEnd().split(/\r?\n/);
    lines[lines.length - 1] = `"unclosed,${lines.at(-1)!.slice(lines.at(-1)!.indexOf(',') + 1)}`;
    await writeFile(facilityFile, `${lines.join('\n')}\n`);
    const events = createInProcessEventLog();
    try {
      const failure = await reader
        .run({ kind: 'files', paths: [path.join(folder, 'DE')], sourceRoot: folder }, { events, store, log })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ImportFailedError);
      expect((failure as ImportFailedError).reason).toMatch(new RegExp(`^DE/UST/facility\\.csv, line ${lines.length}: `));
      const manifest = await readManifest(store, (failure as ImportFailedError).manifest.import_id);
      expect(manifest?.failure).toBe((failure as ImportFailedError).reason);
      expect((await events.endOffsets(Topics.datasetFailed)).reduce((sum, { offset }) => sum + Number(offset), 0)).toBe(1);
    } finally {
      await events.close();
    }
  }, 120_000);
});
