import type { AnalyticsStore } from '@ust/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRecentLogs } from './get-recent-logs.js';
import { eventId, logRow, minutesBefore, openTestStore, requestRow, testNow } from './telemetry-fixtures.js';

describe('getRecentLogs', () => {
  const now = testNow();
  let store: AnalyticsStore;

  beforeAll(async () => {
    store = await openTestStore('admin_recent_logs');
    const rows = [
      logRow(1, minutesBefore(now, 5), { level: 'ERROR', category: 'GLOBAL_ERROR', message: 'TypeError: map is undefined', user_id: 'auth0|a' }),
      logRow(2, minutesBefore(now, 4), { level: 'WARN', category: 'API', message: 'Slow response' }),
      requestRow(3, minutesBefore(now, 3), 42.5, 500),
      logRow(4, minutesBefore(now, 2), { level: 'DEBUG', category: 'PERFORMANCE', message: 'page load' }),
      logRow(5, minutesBefore(now, 1), { level: 'INFO', category: 'ADMIN_PANEL', message: 'Opened logs tab' }),
    ];
    await store.insert('logs', rows);
    // A redelivered batch: the same event ids again.
    await store.insert('logs', rows.slice(0, 3));
  });
  afterAll(async () => {
    await store?.close();
  });

  it('answers the newest entries first, each event once, in the admin list shape', async () => {
    const logs = await getRecentLogs(store, {});
    expect(logs.map((log) => log.id)).toEqual([eventId(5), eventId(4), eventId(3), eventId(2), eventId(1)]);
    expect(logs[2]).toEqual({
      id: eventId(3),
      timestamp: minutesBefore(now, 3),
      level: 'ERROR',
      category: 'API_REQUEST',
      message: 'GET /api/facilities/:id 500',
      user_id: null,
      duration_ms: 42.5,
      status_code: 500,
      endpoint: '/api/facilities/:id',
      method: 'GET',
    });
    expect(logs[4]).toMatchObject({ user_id: 'auth0|a', duration_ms: null, status_code: null, endpoint: null, method: null });
    expect(logs[0]!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('stops at the limit', async () => {
    expect((await getRecentLogs(store, { limit: 2 })).map((log) => log.id)).toEqual([eventId(5), eventId(4)]);
  });

  it('filters by level and by source', async () => {
    expect((await getRecentLogs(store, { level: 'ERROR' })).map((log) => log.id)).toEqual([eventId(3), eventId(1)]);
    expect((await getRecentLogs(store, { source: 'gateway' })).map((log) => log.id)).toEqual([eventId(3)]);
    expect((await getRecentLogs(store, { source: 'client', level: 'ERROR' })).map((log) => log.id)).toEqual([eventId(1)]);
  });

  it('finds a case-insensitive substring of the message or the category', async () => {
    expect((await getRecentLogs(store, { q: 'typeerror' })).map((log) => log.id)).toEqual([eventId(1)]);
    expect((await getRecentLogs(store, { q: 'admin_panel' })).map((log) => log.id)).toEqual([eventId(5)]);
    expect((await getRecentLogs(store, { q: 'a', level: 'WARN' })).map((log) => log.id)).toEqual([eventId(2)]);
    expect(await getRecentLogs(store, { q: "'; DROP TABLE logs; --" })).toEqual([]);
  });
});
