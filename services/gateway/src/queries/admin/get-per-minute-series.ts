import type { AnalyticsStore } from '@ust/platform';
import { ANALYTICS_WINDOW_MINUTES, type AdminAnalyticsPoint } from '@ust/schemas';

const MINUTE_MS = 60_000;

/**
 * Requests, errors and request latency per minute for the 60 minutes up to and including the
 * minute of `now`, oldest first, from the `metrics_1m` view: it is already per minute, so this
 * reads 60 rows per source and endpoint instead of every log row. Counts merge the view's
 * distinct-event-id states, so a redelivered batch counts once; anonymous errors are a subset of
 * the view's errors (the same event ids), so the difference is exact. Idle minutes have no row in
 * the view; they are filled here with zeros, which keeps the SQL free of WITH FILL bounds.
 */
export async function getPerMinuteSeries(store: AnalyticsStore, { now = new Date() }: { now?: Date } = {}): Promise<AdminAnalyticsPoint[]> {
  const lastMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const firstMinute = lastMinute - (ANALYTICS_WINDOW_MINUTES - 1) * MINUTE_MS;
  const rows = await store.query<{ minute_ms: number; requests: number; errors: number; anonymous_errors: number; quantiles: (number | null)[] }>(
    `SELECT toUnixTimestamp(minute) * 1000 AS minute_ms,
            uniqExactMergeIf(entries, source = 'gateway') AS requests,
            uniqExactIfMerge(errors) AS errors,
            uniqExactIfMerge(anonymous_errors) AS anonymous_errors,
            quantilesTDigestMergeIf(0.5, 0.95, 0.99)(duration_digest, source = 'gateway') AS quantiles
     FROM metrics_1m
     WHERE minute >= toDateTime({first:UInt32}, 'UTC') AND minute <= toDateTime({last:UInt32}, 'UTC')
     GROUP BY minute`,
    { first: firstMinute / 1000, last: lastMinute / 1000 },
  );
  const byMinute = new Map(rows.map((row) => [row.minute_ms, row]));
  return Array.from({ length: ANALYTICS_WINDOW_MINUTES }, (_, index) => {
    const minute = firstMinute + index * MINUTE_MS;
    const row = byMinute.get(minute);
    const requests = row?.requests ?? 0;
    return {
      minute: new Date(minute).toISOString(),
      requests,
      errors: (row?.errors ?? 0) - (row?.anonymous_errors ?? 0),
      anonymous_errors: row?.anonymous_errors ?? 0,
      p50_ms: requests > 0 ? roundedMs(row?.quantiles[0]) : null,
      p95_ms: requests > 0 ? roundedMs(row?.quantiles[1]) : null,
    };
  });
}

/** The digest answers null (no samples: requests without a duration) or a fraction of a ms. */
function roundedMs(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : Math.round(value);
}
