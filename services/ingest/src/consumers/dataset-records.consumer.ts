/**
 * Writes dataset records (facilities, tanks, releases) from the dataset topics to ClickHouse.
 * Each message is validated against its table's schema; a bad one is dead-lettered with the
 * first schema error. A new import's records go to the staging tables, invisible until its
 * commit promotes them; records of an import already committed (a replay, Kafka's replay from the
 * beginning) go straight to the live tables, which are ReplacingMergeTree by version, so the same
 * rows again add none; records of a failed import are dropped.
 */
import { Compile, type Validator } from 'typebox/compile';
import { ConsumerGroups, FacilityRecord, ReleaseRecord, TankRecord, Topics } from '@ust/schemas';
import type { AnalyticsStore } from '@ust/platform';
import { InvalidMessageError, type ConsumerDefinition } from '../consumer.js';
import { importStatuses, stagingTable, type DatasetTable, type ImportStatus } from '../staging/import-staging.js';

// Compiled once: validating millions of records with the interpreted checker dominates an import.
const TABLE_OF_TOPIC: Record<string, { table: DatasetTable; validator: Validator }> = {
  [Topics.datasetFacilities]: { table: 'facilities', validator: Compile(FacilityRecord) },
  [Topics.datasetTanks]: { table: 'tanks', validator: Compile(TankRecord) },
  [Topics.datasetReleases]: { table: 'releases', validator: Compile(ReleaseRecord) },
};

export interface TableRow {
  table: DatasetTable;
  importId: string;
  /** The message value: a validated record, written as it is (no re-encoding). */
  json: string;
}

export function datasetRecordsConsumer(store: AnalyticsStore): ConsumerDefinition<TableRow> {
  // Outcomes are final once recorded, so each import's is looked up until it has one.
  const outcomes = new Map<string, ImportStatus>();
  return {
    name: 'dataset-records',
    groupId: ConsumerGroups.datasetWriter,
    topics: Object.keys(TABLE_OF_TOPIC),
    deadLetterTopic: Topics.datasetDeadLetter,
    // Big batches: chDB inserts are cheap per row and costly per statement.
    maxBatchSize: 20_000,
    decode(message) {
      const target = TABLE_OF_TOPIC[message.topic];
      if (!target) throw new InvalidMessageError(`no table for topic ${message.topic}`);
      const json = message.value.toString('utf8');
      let row: unknown;
      try {
        row = JSON.parse(json);
      } catch {
        throw new InvalidMessageError('value is not JSON');
      }
      if (!target.validator.Check(row)) {
        const [first] = target.validator.Errors(row);
        throw new InvalidMessageError(`${first?.instancePath || '(record)'} ${first?.message ?? 'is invalid'}`);
      }
      return { table: target.table, importId: (row as { import_id: string }).import_id, json };
    },
    async writeBatch(rows) {
      const unknown = [...new Set(rows.map((row) => row.importId))].filter((id) => !outcomes.has(id));
      for (const [id, status] of await importStatuses(store, unknown)) outcomes.set(id, status);
      const byTable = new Map<string, string[]>();
      for (const { table: live, importId, json } of rows) {
        const outcome = outcomes.get(importId);
        if (outcome === 'failed') continue;
        const table = outcome === 'committed' ? live : stagingTable(live);
        const tableRows = byTable.get(table);
        if (tableRows) tableRows.push(json);
        else byTable.set(table, [json]);
      }
      for (const [table, tableRows] of byTable) await store.insertJsonRows(table, tableRows);
    },
  };
}
