/**
 * Bytes per telemetry row in ClickHouse, for the capacity model (docs/scaling.md): N log rows
 * (by default 80 % gateway request logs, 20 % browser entries with a ~500-byte stack in their
 * context) and N/4 activities, inserted into the migrated tables on the embedded engine, merged,
 * then measured from system.parts (compressed and uncompressed), with the per-minute view's rows.
 *
 *   npx tsx bench/telemetry-storage.ts [log rows, default 200000]
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, createChdbStore, MAX_INSERT_BATCH, migrationsDirectory } from '@ust/platform';
import { printTable } from './table.js';

const logRows = Number(process.argv[2] ?? 200_000);
const endpoints = [
  '/api/facilities/:id',
  '/api/search-address',
  '/api/geojson-cached/:level',
  '/api/state-facilities/:state',
  '/api/geocode/suggest',
  '/api/logs',
];
const stack = `TypeError: Cannot read properties of undefined (reading 'map')\n${Array.from({ length: 8 }, (_, i) => `    at Component${i} (https://ust.example.com/assets/index-3f9a1c.js:1:${1000 + i * 37})`).join('\n')}`;
const start = Date.UTC(2026, 10, 1);

function logRow(i: number) {
  const timestamp = new Date(start + i * 50).toISOString();
  const user = i % 5 === 0 ? null : `local|user-${i % 500}`;
  if (i % 5 === 4) {
    return {
      event_id: randomUUID(),
      timestamp,
      received_at: timestamp,
      source: 'client',
      level: i % 15 === 4 ? 'ERROR' : 'INFO',
      category: 'ui',
      message: 'Unhandled error in facility panel',
      context: JSON.stringify({ stack, component: 'FacilityPanel' }),
      user_id: user,
      session_id: `s-${i % 2000}`,
      url: `https://ust.example.com/facilities/DE-1-${String(i % 9000).padStart(6, '0')}`,
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      method: null,
      endpoint: null,
      status_code: null,
      duration_ms: null,
      request_id: null,
    };
  }
  return {
    event_id: randomUUID(),
    timestamp,
    received_at: timestamp,
    source: 'gateway',
    level: i % 50 === 0 ? 'ERROR' : 'INFO',
    category: 'request',
    message: 'request completed',
    context: '{}',
    user_id: user,
    session_id: null,
    url: null,
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    method: i % 7 === 0 ? 'POST' : 'GET',
    endpoint: endpoints[i % endpoints.length],
    status_code: i % 50 === 0 ? 500 : 200,
    duration_ms: 2 + (i % 97) / 3,
    request_id: `req-${i.toString(36)}`,
  };
}

function activityRow(i: number) {
  const timestamp = new Date(start + i * 200).toISOString();
  return {
    event_id: randomUUID(),
    timestamp,
    activity_type: ['page_view', 'search', 'facility_view'][i % 3],
    auth0_user_id: `local|user-${i % 500}`,
    user_role: 'underwriter',
    email: `user${i % 500}@example.com`,
    name: `User ${i % 500}`,
    session_id: `s-${i % 2000}`,
    facility_id: `DE-1-${String(i % 9000).padStart(6, '0')}`,
    release_id: null,
    location_lat: 39.1 + (i % 100) / 1000,
    location_lon: -75.5 + (i % 100) / 1000,
    page: '/facilities',
    details: '{}',
  };
}

const directory = await mkdtemp(path.join(os.tmpdir(), 'ust-telemetry-storage-'));
const store = await createChdbStore({ path: directory, database: 'bench' });
try {
  await applyMigrations(store, migrationsDirectory);
  const activities = Math.round(logRows / 4);
  for (let offset = 0; offset < logRows; offset += MAX_INSERT_BATCH) {
    await store.insert(
      'logs',
      Array.from({ length: Math.min(MAX_INSERT_BATCH, logRows - offset) }, (_, i) => logRow(offset + i)),
    );
  }
  for (let offset = 0; offset < activities; offset += MAX_INSERT_BATCH) {
    await store.insert(
      'user_activities',
      Array.from({ length: Math.min(MAX_INSERT_BATCH, activities - offset) }, (_, i) => activityRow(offset + i)),
    );
  }
  for (const table of ['logs', 'user_activities', 'metrics_1m']) await store.command(`OPTIMIZE TABLE ${table} FINAL`);
  const parts = await store.query<{ table: string; rows: number; compressed: number; uncompressed: number }>(
    `SELECT table, sum(rows) AS rows, sum(data_compressed_bytes) AS compressed, sum(data_uncompressed_bytes) AS uncompressed
     FROM system.parts WHERE database = 'bench' AND active AND table IN ('logs', 'user_activities', 'metrics_1m') GROUP BY table ORDER BY table`,
  );
  printTable(
    `Telemetry storage on the embedded engine, ${logRows.toLocaleString('en-US')} log rows, ${activities.toLocaleString('en-US')} activities, merged`,
    parts.map((part) => ({
      table: part.table,
      rows: Number(part.rows),
      'compressed bytes/row': Number(part.compressed) / Number(part.rows),
      'uncompressed bytes/row': Number(part.uncompressed) / Number(part.rows),
      compression: `${(Number(part.uncompressed) / Number(part.compressed)).toFixed(1)}x`,
    })),
  );
} finally {
  await store.close();
  await rm(directory, { recursive: true, force: true });
}
