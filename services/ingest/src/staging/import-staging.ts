/**
 * An import's records wait in the staging tables (`<table>_staging`, one partition per import,
 * migration 006) until its commit promotes them to the live tables every reader uses; a failed
 * or abandoned import's partitions are dropped without ever being visible.
 */
import { alterTableParts, type AnalyticsStore } from '@ust/platform';

export const DATASET_TABLES = ['facilities', 'tanks', 'releases'] as const;
export type DatasetTable = (typeof DATASET_TABLES)[number];

export const stagingTable = (table: DatasetTable) => `${table}_staging` as const;

/** The outcome recorded for an import; undefined while it is still being written. */
export type ImportStatus = 'committed' | 'failed';

/** The recorded outcome of each of `importIds` that has one. */
export async function importStatuses(store: AnalyticsStore, importIds: readonly string[]): Promise<Map<string, ImportStatus>> {
  if (importIds.length === 0) return new Map();
  const rows = await store.query<{ import_id: string; status: ImportStatus }>(
    'SELECT import_id, argMax(status, updated) AS status FROM imports WHERE import_id IN {ids:Array(String)} GROUP BY import_id',
    { ids: importIds },
  );
  return new Map(rows.map((row) => [row.import_id, row.status]));
}

/**
 * Rows of the import in `table`, staged or live: a promotion interrupted between two tables, or
 * a commit delivered again after its promotion, finds the rows already live.
 */
export async function writtenRows(store: AnalyticsStore, table: DatasetTable, importId: string): Promise<number> {
  const [row] = await store.query<{ n: number }>(
    `SELECT (SELECT count() FROM ${stagingTable(table)} WHERE import_id = {id:String}) + (SELECT count() FROM ${table} WHERE import_id = {id:String}) AS n`,
    { id: importId },
  );
  return Number(row?.n ?? 0);
}

/**
 * Copies the import's staged rows to the live tables, then drops its staging partitions. The
 * partitions go only after every table is copied, so a promotion that stops half-way is redone
 * by the redelivered commit (the live tables are ReplacingMergeTree by version: a row copied
 * twice counts once).
 */
export async function promoteStagedImport(store: AnalyticsStore, importId: string): Promise<void> {
  for (const table of DATASET_TABLES) {
    await store.command(`INSERT INTO ${table} SELECT * FROM ${stagingTable(table)} WHERE import_id = {id:String}`, { id: importId });
  }
  await dropStagedImport(store, importId);
}

/** Drops the import's staging partitions (none is fine). */
export async function dropStagedImport(store: AnalyticsStore, importId: string): Promise<void> {
  for (const table of DATASET_TABLES) {
    await store.command(alterTableParts(store, stagingTable(table), 'DROP PARTITION {id:String}'), { id: importId });
  }
}

/**
 * Clears what imports started before `startedBefore` (an import's version is its start time)
 * left in staging: the records of imports killed before their commit or failure was published
 * (or redelivered after a failure) are dropped; records of a committed import (redelivered while
 * it was being promoted) are promoted, since they are its live rows again. Returns the ids of
 * the imports whose staged records were dropped.
 */
export async function dropAbandonedStaging(store: AnalyticsStore, startedBefore: Date): Promise<string[]> {
  const staged = DATASET_TABLES.map((table) => `SELECT DISTINCT import_id FROM ${stagingTable(table)} WHERE version < {before:UInt64}`).join(
    ' UNION DISTINCT ',
  );
  const rows = await store.query<{ import_id: string; committed: number }>(
    `SELECT import_id, import_id IN (SELECT import_id FROM imports WHERE status = 'committed') AS committed FROM (${staged})`,
    { before: startedBefore.getTime() },
  );
  const dropped: string[] = [];
  for (const { import_id, committed } of rows) {
    if (Number(committed)) {
      await promoteStagedImport(store, import_id);
    } else {
      await dropStagedImport(store, import_id);
      dropped.push(import_id);
    }
  }
  return dropped;
}
