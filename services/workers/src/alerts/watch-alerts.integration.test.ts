/**
 * Alerts from two consecutive dataset versions on real chDB (docs/decisions/0120-watch-alerts.md):
 * the workers rebuild, the rebuild enqueues the evaluation of the version it put live, and the
 * evaluation records what changed for each watched item, once, whatever is run again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createInProcessJobQueue,
  createLogger,
  createMemoryCache,
  migrationsDirectory,
  type AnalyticsStore,
  type Cache,
  type JobQueue,
} from '@ust/platform';
import { readAlertsOf, userAlertsCacheKey, writeUserRecords } from '@ust/read-model';
import { JobNames, JobQueueOf, watchAlertsJobId } from '@ust/schemas';
import { facilityRecord, releaseRecord, tankRecord } from '@ust/schemas/testing';
import { startWorkers, type WorkersHandle } from '../start-workers.js';
import type { WatchAlertsResult } from './watch-alerts-job.js';

const log = createLogger('watch-alerts-test', { level: 'silent' });
const asOf = new Date('2026-11-30T00:00:00.000Z');

const dover = facilityRecord({ facility_id: 'DE-1', state: 'DE', name: 'DOVER FUEL', city: 'Dover', latitude: 39.158, longitude: -75.524, fips: '10001' });
const smyrna = facilityRecord({ facility_id: 'DE-2', state: 'DE', name: 'SMYRNA GAS', city: 'Smyrna', latitude: 39.3, longitude: -75.6, fips: '10001' });
/** About a quarter mile from the watched place in Washington. */
const capitol = facilityRecord({
  facility_id: 'DC-1',
  state: 'DC',
  name: 'CAPITOL GAS',
  city: 'Washington',
  latitude: 38.8935,
  longitude: -77.0091,
  fips: '11001',
});
const tank = (facility: string, n: number, status: string, version = 1) =>
  tankRecord({
    tank_id: `${facility}/T${n}`,
    facility_id: facility,
    state: facility.slice(0, 2),
    tank_status: status,
    installation_date: '1990-05-01',
    version,
  });

const ann = 'u_ann';
const bob = 'u_bob';

describe('watch alerts', () => {
  let directory: string;
  let store: AnalyticsStore;
  let cache: Cache;
  let jobs: JobQueue;
  let workers: WorkersHandle;
  const maintenance = JobQueueOf[JobNames.evaluateWatchAlerts];

  const rebuild = async (jobId: string) => {
    const queue = JobQueueOf[JobNames.rebuildDataset];
    await jobs.enqueue(queue, JobNames.rebuildDataset, { import_id: `imp-${jobId}` }, { jobId });
    const state = await jobs.waitUntilSettled(queue, jobId, 180_000);
    if (state.status !== 'completed') throw new Error(`rebuild ${jobId} ${state.status}: ${state.failedReason}`);
    return (state.returnValue as { version: number }).version;
  };
  const evaluation = async (version: number) => {
    const state = await jobs.waitUntilSettled(maintenance, watchAlertsJobId(version), 180_000);
    if (state.status !== 'completed') throw new Error(`alerts v${version} ${state.status}: ${state.failedReason}`);
    return state.returnValue as WatchAlertsResult;
  };

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'ust-watch-alerts-'));
    store = await createChdbStore({ path: directory, database: 'watch_alerts_test' });
    await applyMigrations(store, migrationsDirectory);
    await store.insert('facilities', [dover, smyrna, capitol]);
    await store.insert('tanks', [
      tank('DE-1', 1, 'Currently in use'),
      tank('DE-1', 2, 'Currently in use'),
      tank('DE-2', 1, 'Currently in use'),
      tank('DC-1', 1, 'Currently in use'),
    ]);
    cache = createMemoryCache();
    jobs = createInProcessJobQueue({ logger: log });
    workers = await startWorkers({ store, cache, jobs, events: createInProcessEventLog(), log, now: () => asOf, config: { RISK_MODEL: 'risk-v1' } });

    await writeUserRecords(store, ann, [
      { kind: 'preferences', id: 'settings', record: { email_notifications: true, show_all_search_markers: true, high_risk_alerts: true } },
      {
        kind: 'watchlist',
        id: 'wl-ann',
        record: { id: 'wl-ann', name: 'Ann book', notes: '', created_at: asOf.toISOString(), updated_at: asOf.toISOString() },
      },
      {
        kind: 'watched-item',
        id: 'wi-dover',
        record: {
          id: 'wi-dover',
          watchlist_id: 'wl-ann',
          seq: 1,
          kind: 'facility',
          facility_id: 'DE-1',
          label: 'DOVER FUEL',
          latitude: 39.158,
          longitude: -75.524,
          radius_miles: null,
          note: '',
          added_at: asOf.toISOString(),
        },
      },
      {
        kind: 'watched-item',
        id: 'wi-dc',
        record: {
          id: 'wi-dc',
          watchlist_id: 'wl-ann',
          seq: 2,
          kind: 'place',
          facility_id: null,
          label: '1 Capitol St',
          latitude: 38.8899,
          longitude: -77.0091,
          radius_miles: 1,
          note: '',
          added_at: asOf.toISOString(),
        },
      },
    ]);
    await writeUserRecords(store, bob, [
      {
        kind: 'watchlist',
        id: 'wl-bob',
        record: { id: 'wl-bob', name: 'Bob book', notes: '', created_at: asOf.toISOString(), updated_at: asOf.toISOString() },
      },
      {
        kind: 'watched-item',
        id: 'wi-smyrna',
        record: {
          id: 'wi-smyrna',
          watchlist_id: 'wl-bob',
          seq: 1,
          kind: 'facility',
          facility_id: 'DE-2',
          label: 'SMYRNA GAS',
          latitude: 39.3,
          longitude: -75.6,
          radius_miles: null,
          note: '',
          added_at: asOf.toISOString(),
        },
      },
    ]);
  });
  afterAll(async () => {
    await workers?.close();
    await jobs?.close();
    await store?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('alerts each owner to what changed between the version they saw and the next, once, and names the import', async () => {
    expect(await rebuild('first')).toBe(1);
    // The first version has nothing before it to compare with.
    expect(await jobs.getJob(maintenance, watchAlertsJobId(1))).toBeNull();

    // Dover: a release reported and a tank closed; a new station within the watched place, with a release.
    await store.insert('releases', [
      releaseRecord({
        release_id: 'R-DE-1',
        state: 'DE',
        facility_id: 'DE-1',
        status_class: 'Open',
        reported_date: '2026-11-20',
        latitude: 39.158,
        longitude: -75.524,
        version: 2,
      }),
      releaseRecord({
        release_id: 'R-DC-2',
        state: 'DC',
        facility_id: 'DC-2',
        status_class: 'Open',
        reported_date: '2026-11-21',
        latitude: 38.8945,
        longitude: -77.01,
        version: 2,
      }),
    ]);
    await store.insert('tanks', [tank('DE-1', 2, 'Closed', 2)]);
    await store.insert('facilities', [
      facilityRecord({
        facility_id: 'DC-2',
        state: 'DC',
        name: 'NEW STATION',
        city: 'Washington',
        latitude: 38.8945,
        longitude: -77.01,
        fips: '11001',
        version: 2,
      }),
    ]);
    await cache.set(userAlertsCacheKey(ann), '{"stale":true}');

    expect(await rebuild('second')).toBe(2);
    const second = await evaluation(2);
    expect(second).toMatchObject({ version: 2, base: 1, items: 3, skipped: null });

    const { alerts, unread } = await readAlertsOf(store, ann, 50, null);
    const byChange = Object.fromEntries(alerts.map((alert) => [`${alert.item_id} ${alert.change}`, alert]));
    expect(Object.keys(byChange).sort()).toEqual(expect.arrayContaining(['wi-dc added_nearby', 'wi-dc release', 'wi-dover release', 'wi-dover tanks']));
    expect(byChange['wi-dover tanks']).toMatchObject({
      watchlist_name: 'Ann book',
      item_label: 'DOVER FUEL',
      summary: 'Tanks: 2 active, 0 closed, 0 out of service (2 in all) → 1 active, 1 closed, 0 out of service (2 in all)',
      dataset_version: 2,
      base_version: 1,
      import_id: 'imp-second',
    });
    expect(byChange['wi-dover release']!.facilities).toEqual([
      { facility_id: 'DE-1', name: 'DOVER FUEL', old_value: '0 releases (0 open)', new_value: '1 release (1 open)' },
    ]);
    expect(byChange['wi-dc added_nearby']!.summary).toBe('1 facility newly within 1 mile: NEW STATION');
    expect(byChange['wi-dc release']!.facilities.map((facility) => facility.facility_id)).toEqual(['DC-2']);
    expect(unread).toBe(alerts.length);
    expect(second.alerts).toBe(alerts.length);
    // Bob's station did not change; the cache's copy of Ann's alerts is dropped so she sees the new ones.
    expect((await readAlertsOf(store, bob, 50, null)).alerts).toEqual([]);
    expect(await cache.get(userAlertsCacheKey(ann))).toBeNull();
    // Ann has e-mail on: her digest waits for the end of the hour her alerts fall in; Bob had none.
    const windowEnd = asOf.getTime() + 3_600_000;
    expect(await jobs.getJob(maintenance, `digest-${ann}-${windowEnd}`)).toMatchObject({ name: JobNames.sendAlertDigest, status: 'delayed' });
    expect(await jobs.getJob(maintenance, `digest-${bob}-${windowEnd}`)).toBeNull();

    // The same version evaluated again adds nothing.
    await jobs.enqueue(maintenance, JobNames.evaluateWatchAlerts, { version: 2, base_version: 1 }, { jobId: 'again' });
    const again = await jobs.waitUntilSettled(maintenance, 'again', 180_000);
    expect(again.returnValue).toMatchObject({ alerts: 0 });
    expect((await readAlertsOf(store, ann, 50, null)).alerts).toHaveLength(alerts.length);

    // A rebuild of the same records (a replay) changes nothing, so it alerts nobody.
    expect(await rebuild('replay')).toBe(3);
    expect(await evaluation(3)).toMatchObject({ version: 3, base: 2, changedFacilities: 0, alerts: 0 });
    expect((await readAlertsOf(store, ann, 50, null)).alerts).toHaveLength(alerts.length);
    expect((await readAlertsOf(store, ann, 50, '2099-01-01T00:00:00.000Z')).unread).toBe(0);
  }, 240_000); // three whole rebuilds one after another: over a minute on two busy cores

  it('refuses bad job data without retrying', async () => {
    await jobs.enqueue(maintenance, JobNames.evaluateWatchAlerts, { version: 2, base_version: 2 }, { jobId: 'bad-alerts' });
    expect(await jobs.waitUntilSettled(maintenance, 'bad-alerts', 10_000)).toMatchObject({
      status: 'failed',
      attemptsMade: 1,
      failedReason: 'evaluate-watch-alerts needs integer version > base_version >= 1, got {"version":2,"base_version":2}',
    });
  });
});
