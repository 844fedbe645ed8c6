import type { AnalyticsStore } from '@ust/platform';
import type { AdminAnalyticsPoint } from '@ust/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPerMinuteSeries } from './get-per-minute-series.js';
import { logRow, minutesBefore, openTestStore, requestRow, testNow } from './telemetry-fixtures.js';

describe('getPerMinuteSeries', () => {
  // 30 s into its minute: "n minutes ago" lands in the minute n before the current one.
  const now = testNow();
  const currentMinute = now.getTime() - 30_000;
  const minute = (before: number) => new Date(currentMinute - before * 60_000).toISOString();
  let store: AnalyticsStore;

  beforeAll(async () => {
    store = await openTestStore('admin_analytics_series');
    const serverError = requestRow(4, minutesBefore(now, 2), 40, 500);
    const anonymousError = logRow(9, minutesBefore(now, 10), { level: 'ERROR', category: 'GLOBAL_ERROR' });
    await store.insert('logs', [
      requestRow(1, minutesBefore(now, 3), 10),
      requestRow(2, minutesBefore(now, 3), 20, 404),
      requestRow(3, minutesBefore(now, 2), 30),
      serverError,
      logRow(5, minutesBefore(now, 10), { level: 'ERROR', category: 'GLOBAL_ERROR', user_id: 'auth0|ann' }),
      // Anonymous browser errors: apart from the errors.
      anonymousError,
      logRow(10, minutesBefore(now, 10), { level: 'ERROR', category: 'GLOBAL_ERROR' }),
      logRow(11, minutesBefore(now, 2), { level: 'ERROR', category: 'GLOBAL_ERROR' }),
      logRow(12, minutesBefore(now, 2), { level: 'WARN' }),
      requestRow(6, minutesBefore(now, 59.5), 100),
      requestRow(7, minutesBefore(now, 1 / 6), 50),
      // The minute before the first point.
      requestRow(8, minutesBefore(now, 60.5), 5, 500),
    ]);
    // Redelivered: the materialized view sees it again.
    await store.insert('logs', [serverError, anonymousError]);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('answers 60 minutes oldest first, idle minutes as zeros, each event counted once, anonymous errors apart', async () => {
    const idle = (before: number): AdminAnalyticsPoint => ({ minute: minute(before), requests: 0, errors: 0, anonymous_errors: 0, p50_ms: null, p95_ms: null });
    const expected = Array.from({ length: 60 }, (_, index) => idle(59 - index));
    expected[0] = { minute: minute(59), requests: 1, errors: 0, anonymous_errors: 0, p50_ms: 100, p95_ms: 100 };
    expected[49] = { minute: minute(10), requests: 0, errors: 1, anonymous_errors: 2, p50_ms: null, p95_ms: null };
    expected[56] = { minute: minute(3), requests: 2, errors: 0, anonymous_errors: 0, p50_ms: 10, p95_ms: 20 };
    expected[57] = { minute: minute(2), requests: 2, errors: 1, anonymous_errors: 1, p50_ms: 40, p95_ms: 40 };
    expected[59] = { minute: minute(0), requests: 1, errors: 0, anonymous_errors: 0, p50_ms: 50, p95_ms: 50 };

    expect(await getPerMinuteSeries(store, { now })).toEqual(expected);
  });
});
