import type { AnalyticsStore } from '@ust/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAnalyticsSummary } from './get-analytics-summary.js';
import { activityRow, logRow, minutesBefore, openTestStore, requestRow, testNow } from './telemetry-fixtures.js';

describe('getAnalyticsSummary', () => {
  const now = testNow();
  let store: AnalyticsStore;

  beforeAll(async () => {
    store = await openTestStore('admin_analytics_summary');
    const serverError = requestRow(4, minutesBefore(now, 2), 40, 500);
    const browserError = logRow(5, minutesBefore(now, 10), { level: 'ERROR', category: 'GLOBAL_ERROR' });
    await store.insert('logs', [
      // In the window: four requests of 10, 20, 30 and 40 ms (a 404 and a 500) and two browser entries.
      requestRow(1, minutesBefore(now, 3), 10),
      requestRow(2, minutesBefore(now, 3), 20, 404),
      requestRow(3, minutesBefore(now, 2), 30),
      serverError,
      browserError,
      logRow(6, minutesBefore(now, 1)),
      // Outside the window.
      requestRow(7, minutesBefore(now, 60.5), 1000, 500),
      logRow(8, minutesBefore(now, 90), { level: 'ERROR' }),
    ]);
    await store.insert('logs', [serverError, browserError]);

    const annActive = activityRow(11, minutesBefore(now, 29), { auth0_user_id: 'auth0|ann', session_id: 's-ann' });
    await store.insert('user_activities', [
      annActive,
      activityRow(12, minutesBefore(now, 31), { auth0_user_id: 'auth0|bob', session_id: 's-bob' }),
      activityRow(13, minutesBefore(now, 45), { auth0_user_id: 'auth0|bob', session_id: 's-bob' }),
      activityRow(14, minutesBefore(now, 5), { session_id: 's-anon' }),
      // Outside the window: neither a user nor a session of it.
      activityRow(15, minutesBefore(now, 61), { auth0_user_id: 'auth0|carl', session_id: 's-carl' }),
    ]);
    await store.insert('user_activities', [annActive]);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('computes the four cards over the last 60 minutes, each event once', async () => {
    expect(await getAnalyticsSummary(store, { now })).toEqual({
      window_minutes: 60,
      // ann and bob; the anonymous session has no user; carl is outside the window.
      total_users: 2,
      // s-ann (29 minutes ago) and s-anon; s-bob was last active 31 minutes ago.
      active_sessions: 2,
      // 2 ERROR entries (the 500 and the browser error) of 6: 33.33...%.
      error_rate_percent: 33.3,
      // (10 + 20 + 30 + 40) / 4.
      avg_response_time_ms: 25,
      generated_at: now.toISOString(),
    });
  });

  it('answers zeros for a quiet hour', async () => {
    const later = new Date(now.getTime() + 3 * 60 * 60_000);
    expect(await getAnalyticsSummary(store, { now: later })).toEqual({
      window_minutes: 60,
      total_users: 0,
      active_sessions: 0,
      error_rate_percent: 0,
      avg_response_time_ms: 0,
      generated_at: later.toISOString(),
    });
  });
});
