/**
 * What the telemetry integration tests share: events as the gateway publishes them, a store that
 * records its inserts, both event-log adapters, and names no other test uses.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { ActivityEvent, LogEvent } from '@ust/schemas';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createKafkaEventLog,
  createLogger,
  migrationsDirectory,
  partitionForKey,
  type AnalyticsStore,
  type EventLog,
} from '@ust/platform';

export const log = createLogger('ingest-test', { level: 'silent' });

export const adapters: Array<[string, () => EventLog]> = [
  ['in-process', () => createInProcessEventLog()],
  ['kafka', () => createKafkaEventLog({ brokers: inject('kafkaBrokers').split(','), clientId: 'ingest-test', logger: log, sessionTimeoutMs: 6_000 })],
];

/** chDB with every migration applied (one data directory per test file: one per process). */
export async function openMigratedStore(): Promise<AnalyticsStore> {
  const store = await createChdbStore({ path: await mkdtemp(path.join(os.tmpdir(), 'ust-ingest-')), database: 'ingest' });
  await applyMigrations(store, migrationsDirectory, log);
  return store;
}

/** Topics and a group of this test only. */
export function testNames(prefix: string) {
  const suffix = randomBytes(4).toString('hex');
  return {
    suffix,
    logsTopic: `test.${prefix}.logs.${suffix}`,
    activitiesTopic: `test.${prefix}.activities.${suffix}`,
    deadLetterTopic: `test.${prefix}.dead-letter.${suffix}`,
    groupId: `test-${prefix}-${suffix}`,
  };
}

/** A recent time with non-zero milliseconds (rows older than the 90-day TTL are dropped on insert). */
export function recentIso(secondsAgo = 60): string {
  return new Date(Math.floor(Date.now() / 1000 - secondsAgo) * 1000 + 123).toISOString();
}

export function gatewayLogEvent(overrides: Partial<LogEvent> = {}): LogEvent {
  const at = recentIso();
  return {
    event_id: randomUUID(),
    timestamp: at,
    received_at: at,
    source: 'gateway',
    level: 'INFO',
    category: 'API_REQUEST',
    message: 'GET /api/facilities/:id 200',
    context: '',
    user_id: 'auth0|user-1',
    session_id: 'session-1',
    url: null,
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
    method: 'GET',
    endpoint: '/api/facilities/:id',
    status_code: 200,
    duration_ms: 3.25,
    request_id: 'req-1',
    ...overrides,
  };
}

export function activityEvent(overrides: Partial<ActivityEvent> = {}): ActivityEvent {
  return {
    event_id: randomUUID(),
    timestamp: recentIso(),
    activity_type: 'county_selected',
    auth0_user_id: 'auth0|user-1',
    user_role: 'user',
    email: 'ana@example.com',
    name: 'Ana',
    session_id: 'session-1',
    facility_id: null,
    release_id: null,
    location_lat: 40.7128,
    location_lon: -74.006,
    page: '/map',
    details: '{"fips":"36061"}',
    ...overrides,
  };
}

/** A message for each event, keyed by its id as the gateway keys them. */
export function messagesOf(events: ReadonlyArray<{ event_id: string }>) {
  return events.map((event) => ({ key: event.event_id, value: JSON.stringify(event) }));
}

/** A key per partition (0..partitions-1), for tests that need one message on each. */
export function keysForEachPartition(partitions = 3): string[] {
  const keys: string[] = [];
  for (let i = 0; keys.length < partitions; i += 1) {
    const key = `key-${i}`;
    if (partitionForKey(key, partitions) === keys.length) keys.push(key);
  }
  return keys;
}

/** ClickHouse prints DateTime64(3, 'UTC') as `2026-01-02 03:04:05.678`; the events carry ISO 8601. */
export function isoFromClickHouse(value: string): string {
  return `${value.replace(' ', 'T')}Z`;
}

/** Delegates to `store`, recording the size of each insert per table. */
export function recordingStore(store: AnalyticsStore): AnalyticsStore & { inserts: Array<{ table: string; rows: number }> } {
  const inserts: Array<{ table: string; rows: number }> = [];
  return {
    adapter: store.adapter,
    target: store.target,
    database: store.database,
    query: (sql, params) => store.query(sql, params),
    queryText: (sql, params) => store.queryText(sql, params),
    queryJsonBytes: (sql, params) => store.queryJsonBytes(sql, params),
    queryCompactJsonBytes: (sql, params) => store.queryCompactJsonBytes(sql, params),
    command: (sql, params) => store.command(sql, params),
    insertJsonRows: (table, rows) => store.insertJsonRows(table, rows),
    insertTabSeparated: (table, columns, body) => store.insertTabSeparated(table, columns, body),
    ping: () => store.ping(),
    close: () => store.close(),
    inserts,
    async insert(table, rows) {
      await store.insert(table, rows);
      inserts.push({ table, rows: rows.length });
    },
  };
}

export async function until<T>(check: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
