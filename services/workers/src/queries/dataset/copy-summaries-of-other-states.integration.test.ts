/**
 * Copying the summaries of the states a build did not derive, on real chDB: in key ranges, each
 * one statement, together exactly the version's latest rows of every other state.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, createChdbStore, migrationsDirectory, type AnalyticsStore } from '@ust/platform';
import { copySummariesOfOtherStates } from './copy-summaries-of-other-states.js';
import { getSummaryKeyBounds } from './get-summary-key-bounds.js';

let directory: string;
let store: AnalyticsStore;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'ust-copy-summaries-'));
  store = await createChdbStore({ path: path.join(directory, 'chdb'), database: 'copy_summaries_test' });
  await applyMigrations(store, migrationsDirectory);
  const summary = (facility_id: string, state: string, name: string, built_at: string) => ({ dataset_version: 1, facility_id, state, name, built_at });
  const ids = Array.from({ length: 11 }, (_, index) => index);
  await store.insert('facility_summary', [
    ...ids.map((index) => summary(`DE-${index}`, 'DE', `Delaware ${index}`, '2025-01-01T00:00:00.000Z')),
    ...ids.map((index) => summary(`MD-${index}`, 'MD', `Maryland ${index}`, '2025-01-01T00:00:00.000Z')),
    ...ids.map((index) => summary(`GEN-PA-${index}`, 'PA', `Pennsylvania ${index}`, '2025-01-01T00:00:00.000Z')),
  ]);
  // A later row of the same facility and version replaces the first: only it is copied.
  await store.insert('facility_summary', [summary('MD-3', 'MD', 'Maryland 3, renamed', '2025-01-02T00:00:00.000Z')]);
  // Another version's rows are not copied.
  await store.insert('facility_summary', [{ ...summary('MD-99', 'MD', 'Version 2 only', '2025-01-01T00:00:00.000Z'), dataset_version: 2 }]);
});

afterAll(async () => {
  await store?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

const rowsOf = (version: number) =>
  store.query<{ facility_id: string; state: string; name: string }>(
    'SELECT facility_id, state, name FROM facility_summary FINAL WHERE dataset_version = {version:UInt32} ORDER BY facility_id',
    { version },
  );

describe('copySummariesOfOtherStates', () => {
  it('cuts a version into ranges of about the rows asked for', async () => {
    const bounds = await getSummaryKeyBounds(store, 1, 4);
    // 34 rows (one facility twice), one bound every 4: the ranges hold 4 rows each, the last the rest.
    expect(bounds).toHaveLength(8);
    expect([...bounds].sort()).toEqual(bounds);
  });

  it('copies every other state latest rows into the new version, a few facilities per statement', async () => {
    await copySummariesOfOtherStates(store, 1, 3, ['DE'], 4);
    const source = (await rowsOf(1)).filter((row) => row.state !== 'DE');
    expect(source).toHaveLength(22);
    expect(source.find((row) => row.facility_id === 'MD-3')?.name).toBe('Maryland 3, renamed');
    expect(await rowsOf(3)).toEqual(source);
    // Each row once: no range overlaps another.
    const counted = await store.query<{ rows: number }>('SELECT count() AS rows FROM facility_summary WHERE dataset_version = 3');
    expect(counted.map((row) => Number(row.rows))).toEqual([22]);
  });

  it('copies in one statement when the version is smaller than a range', async () => {
    await copySummariesOfOtherStates(store, 1, 4, ['MD', 'PA'], 1_000);
    expect((await rowsOf(4)).map((row) => row.facility_id)).toEqual(ids('DE'));
  });
});

function ids(state: string): string[] {
  return Array.from({ length: 11 }, (_, index) => `${state}-${index}`).sort();
}
