/**
 * A data directory of an earlier version: its imports, replays and screenings, kept as files, are
 * adopted into the analytics store once, each record where the store has none, and their folders
 * moved aside; a start after that finds nothing to adopt.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, createChdbStore, migrationsDirectory, type AnalyticsStore } from '@ust/platform';
import type { RejectedRow, ScreeningRow } from '@ust/schemas';
import { listAllManifests, type ImportManifest } from './import-manifests.js';
import { readImportRejects } from './import-rejects.js';
import { readRunRecord, type RunRecord } from './import-runs.js';
import { ADOPTED_FOLDER, adoptLegacyJobFiles } from './legacy-files.js';
import { readReplayRecord } from './replay-runs.js';
import { countResults, queuedScreening, readPortfolioRows, readResults, readScreeningRecord } from './screenings.js';

const MANIFEST: ImportManifest = {
  import_id: 'imp-20250101-000000-abcd',
  version: 1_735_689_600_000,
  plan: { kind: 'files', paths: ['/data/uploads/imp-20250101-000000-abcd/DE'], sourceRoot: '/data/uploads/imp-20250101-000000-abcd' },
  started_at: '2025-01-01T00:00:00.000Z',
  committed_at: '2025-01-01T00:01:00.000Z',
  counts: { facilities: 2, tanks: 3, releases: 0, rejects: 1 },
};
const REJECT: RejectedRow = { file: 'DE/UST/facility.csv', line: 7, field: 'facility_id', value: null, reason: 'missing id' };
const RESULT = (line: number): ScreeningRow => ({
  line,
  reference: `R-${line}`,
  input: { address: null, city: null, state: null, zip: null, latitude: null, longitude: null },
  outcome: 'not_located',
  reason: 'no address and no latitude and longitude',
  location: null,
  match: null,
  facility: null,
  surroundings: null,
});

describe('adopting the job files of an earlier version', () => {
  let dataDir: string;
  let store: AnalyticsStore;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-legacy-files-'));
    store = await createChdbStore({ path: path.join(dataDir, 'clickhouse'), database: 'legacy' });
    await applyMigrations(store, migrationsDirectory);
  });
  afterAll(async () => {
    await store?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('takes each record into the store once and moves the folders aside', async () => {
    const importDir = path.join(dataDir, 'imports', MANIFEST.import_id);
    await mkdir(importDir, { recursive: true });
    await writeFile(path.join(importDir, 'manifest.json'), JSON.stringify(MANIFEST));
    const run = { import_id: MANIFEST.import_id, source: 'upload', plan: MANIFEST.plan, status: 'live' } as RunRecord;
    await writeFile(path.join(importDir, 'run.json'), JSON.stringify(run));
    await writeFile(path.join(importDir, 'rejects.jsonl'), `${JSON.stringify(REJECT)}\n`);
    await mkdir(path.join(dataDir, 'replays'));
    await writeFile(path.join(dataDir, 'replays', 'replay-all-1.json'), JSON.stringify({ id: 'replay-all-1', status: 'live' }));
    const screening = {
      ...queuedScreening('scr-20250101T000000-000000000000', 'book.csv', { userId: 'u-1', email: null }, 3),
      status: 'running' as const,
      runs: 1,
      dataset_version: 4,
    };
    const screeningDir = path.join(dataDir, 'screenings', screening.id);
    await mkdir(screeningDir, { recursive: true });
    await writeFile(path.join(screeningDir, 'screening.json'), JSON.stringify(screening));
    const rows = [2, 3, 4].map((line) => ({ line, reference: `R-${line}`, input: RESULT(line).input, problem: null, note: null }));
    await writeFile(path.join(screeningDir, 'rows.jsonl'), rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
    // Two results saved, and half of a third a stop cut short.
    await writeFile(path.join(screeningDir, 'results.jsonl'), `${JSON.stringify(RESULT(2))}\n${JSON.stringify(RESULT(3))}\n{"line":4,"refer`);

    expect(await adoptLegacyJobFiles(dataDir, store)).toEqual({ imports: 1, replays: 1, screenings: 1 });
    expect(await listAllManifests(store)).toEqual([MANIFEST]);
    expect(await readRunRecord(store, MANIFEST.import_id)).toEqual(run);
    const rejects: RejectedRow[] = [];
    for await (const reject of readImportRejects(store, MANIFEST.import_id)) rejects.push(reject);
    expect(rejects).toEqual([REJECT]);
    // Read back with the attempts a record from before they were kept lacks.
    expect(await readReplayRecord(store, 'replay-all-1')).toEqual({ id: 'replay-all-1', status: 'live', attempts: [] });
    expect(await readScreeningRecord(store, screening.id)).toEqual(screening);
    const storedRows = [];
    for await (const row of readPortfolioRows(store, screening.id)) storedRows.push(row);
    expect(storedRows).toEqual(rows);
    // The job resuming it starts at the third row.
    expect(await countResults(store, screening)).toBe(2);
    expect(await readResults(store, screening)).toEqual([RESULT(2), RESULT(3)]);

    const left = await readdir(dataDir);
    expect(left).not.toContain('imports');
    expect(left).not.toContain('replays');
    expect(left).not.toContain('screenings');
    const [aside] = await readdir(path.join(dataDir, ADOPTED_FOLDER));
    expect((await readdir(path.join(dataDir, ADOPTED_FOLDER, aside!))).sort()).toEqual(['imports', 'replays', 'screenings']);

    // The next start: nothing to adopt, nothing written twice.
    expect(await adoptLegacyJobFiles(dataDir, store)).toEqual({ imports: 0, replays: 0, screenings: 0 });
    expect(await listAllManifests(store)).toHaveLength(1);
  });
});
