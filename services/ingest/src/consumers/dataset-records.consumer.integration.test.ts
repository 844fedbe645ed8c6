/**
 * The dataset writer on the real engine (chDB): a batch of records with the same fields goes to
 * ClickHouse as TabSeparated, a batch whose records differ goes as JSONEachRow, and both write
 * the same rows.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, createChdbStore, createLogger, migrationsDirectory, type AnalyticsStore, type ConsumedMessage } from '@ust/platform';
import { Topics, type FacilityRecord } from '@ust/schemas';
import { facilityRecord } from '@ust/schemas/testing';
import { datasetRecordsConsumer } from './dataset-records.consumer.js';

let store: AnalyticsStore;
beforeAll(async () => {
  store = await createChdbStore({ path: await mkdtemp(path.join(os.tmpdir(), 'ust-dataset-writer-')), database: 'ust' });
  await applyMigrations(store, migrationsDirectory, createLogger('dataset-writer-test', { level: 'silent' }));
});
afterAll(() => store?.close());

/** The store, counting which kind of insert each batch took. */
function countingInserts(target: AnalyticsStore) {
  const inserts = { tabSeparated: 0, json: 0 };
  const counted = new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (property === 'insertTabSeparated') inserts.tabSeparated += 1;
        if (property === 'insertJsonRows') inserts.json += 1;
        return (value as (...parameters: unknown[]) => unknown).apply(object, args);
      };
    },
  });
  return { store: counted, inserts };
}

const message = (record: object, offset: number): ConsumedMessage => ({
  topic: Topics.datasetFacilities,
  partition: 0,
  offset: String(offset),
  key: null,
  value: Buffer.from(JSON.stringify(record)),
  headers: {},
  timestamp: Date.now(),
});

/** Three facilities with text that TabSeparated escapes, nulls, numbers and a boolean. */
function facilities(importId: string): FacilityRecord[] {
  const provenance = { import_id: importId, version: 5 };
  return [
    facilityRecord({ facility_id: 'DE-1', state: 'DE', name: 'Tab\there, new\nline, back\\slash', latitude: 39.1, longitude: -75.5, ...provenance }),
    facilityRecord({ facility_id: 'DE-2', state: 'DE', name: 'Café "quoted"', within_spa: true, population_1500ft: 120, ...provenance }),
    facilityRecord({ facility_id: 'DE-3', state: 'DE', ...provenance }),
  ];
}

async function stagedRows(importId: string) {
  return store.query<Record<string, unknown>>('SELECT * EXCEPT (import_id) FROM facilities_staging WHERE import_id = {id:String} ORDER BY facility_id', {
    id: importId,
  });
}

describe('the dataset writer', () => {
  it('writes a batch of like records as TabSeparated and a mixed batch as JSON, to the same rows', async () => {
    const { store: counted, inserts } = countingInserts(store);
    const consumer = datasetRecordsConsumer(counted);

    const alike = facilities('imp-alike');
    await consumer.writeBatch(alike.map((record, index) => consumer.decode(message(record, index))));
    expect(inserts).toEqual({ tabSeparated: 1, json: 0 });

    // The same records under another import, one with its fields in another order: the batch goes as JSON.
    const [first, ...rest] = facilities('imp-mixed');
    const reordered = Object.fromEntries(Object.entries(first!).reverse());
    await consumer.writeBatch([reordered, ...rest].map((record, index) => consumer.decode(message(record, index))));
    expect(inserts).toEqual({ tabSeparated: 1, json: 1 });

    const written = await stagedRows('imp-alike');
    expect(written.map((row) => row.facility_id)).toEqual(['DE-1', 'DE-2', 'DE-3']);
    expect(written[0]).toMatchObject({ name: 'Tab\there, new\nline, back\\slash', latitude: 39.1, longitude: -75.5, address: null });
    expect(written[1]).toMatchObject({ name: 'Café "quoted"', population_1500ft: 120 });
    expect(await stagedRows('imp-mixed')).toEqual(written);
  });
});
