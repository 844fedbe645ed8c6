/**
 * Rows and a store for the admin and me query tests. Test times hang off the current minute
 * rather than a fixed date: the telemetry tables drop rows older than their 90-day TTL on insert.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, createChdbStore, migrationsDirectory, type AnalyticsStore } from '@ust/platform';
import type { ActivityEvent, LogEvent, UserRecord } from '@ust/schemas';

/** A fresh chDB database with the migrations applied; `name` keeps tests apart. */
export async function openTestStore(name: string): Promise<AnalyticsStore> {
  const store = await createChdbStore({ path: await mkdtemp(path.join(os.tmpdir(), `ust-${name}-`)), database: name });
  await applyMigrations(store, migrationsDirectory);
  return store;
}

/** 30 s into the current minute, so "n minutes ago" stays inside a known minute. */
export function testNow(): Date {
  return new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
}

/** ISO timestamp `minutes` (fractions allowed) before `now`. */
export function minutesBefore(now: Date, minutes: number): string {
  return new Date(now.getTime() - minutes * 60_000).toISOString();
}

/** A deterministic event id. */
export function eventId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
}

export function logRow(n: number, timestamp: string, fields: Partial<LogEvent> = {}): LogEvent {
  return {
    event_id: eventId(n),
    timestamp,
    received_at: timestamp,
    source: 'client',
    level: 'INFO',
    category: 'UI',
    message: `entry ${n}`,
    context: '',
    user_id: null,
    session_id: null,
    url: null,
    user_agent: null,
    method: null,
    endpoint: null,
    status_code: null,
    duration_ms: null,
    request_id: null,
    ...fields,
  };
}

/** A gateway request-log row: ERROR for 5xx, WARN for 4xx, INFO otherwise. */
export function requestRow(n: number, timestamp: string, durationMs: number, statusCode = 200, endpoint = '/api/facilities/:id'): LogEvent {
  const level = statusCode >= 500 ? 'ERROR' : statusCode >= 400 ? 'WARN' : 'INFO';
  return logRow(n, timestamp, {
    source: 'gateway',
    level,
    category: 'API_REQUEST',
    message: `GET ${endpoint} ${statusCode}`,
    method: 'GET',
    endpoint,
    status_code: statusCode,
    duration_ms: durationMs,
  });
}

export function activityRow(n: number, timestamp: string, fields: Partial<ActivityEvent> = {}): ActivityEvent {
  return {
    event_id: eventId(n),
    timestamp,
    activity_type: 'map_loaded',
    auth0_user_id: null,
    user_role: null,
    email: null,
    name: null,
    session_id: null,
    facility_id: null,
    release_id: null,
    location_lat: null,
    location_lon: null,
    page: null,
    details: '',
    ...fields,
  };
}

export function userRow(fields: Partial<UserRecord> & Pick<UserRecord, 'id' | 'auth0_user_id' | 'email'>): UserRecord {
  return { name: null, role: 'general', is_active: true, created_at: '2025-01-01T00:00:00.000Z', last_login: null, version: 1, ...fields };
}
