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
    const browserError = logRow(5, minutesBefore(now, 10), { level: 'ERROR', category: 'GLOBAL_ERROR', user_id: 'auth0|ann' });
    const anonymousError = logRow(9, minutesBefore(now, 4), { level: 'ERROR', category: 'GLOBAL_ERROR' });
    await store.insert('logs', [
      // In the window: four requests of 10, 20, 30 and 40 ms (a 404 and a 500) and two signed-in browser entries.
      requestRow(1, minutesBefore(now, 3), 10),
      requestRow(2, minutesBefore(now, 3), 20, 404),
      requestRow(3, minutesBefore(now, 2), 30),
      serverError,
      browserError,
      logRow(6, minutesBefore(now, 1), { user_id: 'auth0|bob' }),
      // Anonymous browser entries in the window: three errors and a warning.
      anonymousError,
      logRow(10, minutesBefore(now, 20), { level: 'ERROR', category: 'GLOBAL_ERROR' }),
      logRow(11, minutesBefore(now, 59), { level: 'ERROR', category: 'GLOBAL_ERROR' }),
      logRow(12, minutesBefore(now, 5), { level: 'WARN' }),
      // An anonymous API call is the gateway's request log, counted like any other.
      requestRow(13, minutesBefore(now, 3), 20),
      // Outside the window.
      requestRow(7, minutesBefore(now, 60.5), 1000, 500),
      logRow(8, minutesBefore(now, 90), { level: 'ERROR' }),
    ]);
    await store.insert('logs', [serverError, browserError, anonymousError]);

    const annActive = activityRow(11, minutesBefore(now, 29), { auth0_user_id: 'auth0|ann', session_id: 's-ann' });
    await store.insert('user_activities', [
      annActive,
      activityRow(12, minutesBefore(now, 31), { auth0_user_id: 'auth0|bob', session_id: 's-bob' }),
      activityRow(13, minutesBefore(now, 45), { auth0_user_id: 'auth0|bob', session_id: 's-bob' }),
      // Anonymous: two activities of one session in the last 30 minutes, one of another before them.
      activityRow(14, minutesBefore(now, 5), { session_id: 'anon:s-1' }),
      activityRow(16, minutesBefore(now, 6), { session_id: 'anon:s-1' }),
      activityRow(17, minutesBefore(now, 50), { session_id: 'anon:s-2' }),
      // Outside the window: neither a user nor a session of it.
      activityRow(15, minutesBefore(now, 61), { auth0_user_id: 'auth0|carl', session_id: 's-carl' }),
      activityRow(18, minutesBefore(now, 61), { session_id: 'anon:s-3' }),
    ]);
    await store.insert('user_activities', [annActive]);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('computes the four cards over the last 60 minutes, each event once, and anonymous telemetry apart', async () => {
    expect(await getAnalyticsSummary(store, { now })).toEqual({
      window_minutes: 60,
      // ann and bob; the anonymous sessions have no user; carl is outside the window.
      total_users: 2,
      // s-ann (29 minutes ago); s-bob was last active 31 minutes ago; anonymous ones are apart.
      active_sessions: 1,
      // 2 ERROR entries (the 500 and ann's browser error) of 7 (five requests, two signed-in
      // entries): 28.57...%. The three anonymous errors would make it 5 of 11.
      error_rate_percent: 28.6,
      // (10 + 20 + 30 + 40 + 20) / 5.
      avg_response_time_ms: 24,
      anonymous: { log_entries: 4, errors: 3, activities: 3, active_sessions: 1 },
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
      anonymous: { log_entries: 0, errors: 0, activities: 0, active_sessions: 0 },
      generated_at: later.toISOString(),
    });
  });
});
