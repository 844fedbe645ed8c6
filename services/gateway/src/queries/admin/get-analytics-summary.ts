import type { AnalyticsStore } from '@ust/platform';
import { ACTIVE_SESSION_MINUTES, ANALYTICS_WINDOW_MINUTES, type AdminAnalyticsSummary } from '@ust/schemas';

interface SummaryRow {
  total_users: number;
  active_sessions: number;
  entries: number;
  errors: number;
  avg_ms: number | null;
  anonymous_entries: number;
  anonymous_errors: number;
  anonymous_activities: number;
  anonymous_sessions: number;
}

/**
 * The four Analytics cards over the 60 minutes up to `now`
 * (docs/decisions/0009-admin-analytics-window.md), and anonymous telemetry counted apart
 * (AdminAnonymousTelemetry), in one statement (chDB runs one statement at a time). They read the
 * deduplicated tables with FINAL rather than `metrics_1m`: the view's duration sums count a
 * redelivered request twice, and its minutes cannot express "the last 30 minutes" to the
 * millisecond. Both tables are ordered by time, so the window reads only its own granules. Every
 * gateway log row is a request-log row; a browser entry or an activity without a user came
 * without a token.
 */
export async function getAnalyticsSummary(store: AnalyticsStore, { now = new Date() }: { now?: Date } = {}): Promise<AdminAnalyticsSummary> {
  const [row] = await store.query<SummaryRow>(
    `SELECT a.total_users AS total_users, a.active_sessions AS active_sessions,
            l.entries AS entries, l.errors AS errors, l.avg_ms AS avg_ms,
            l.anonymous_entries AS anonymous_entries, l.anonymous_errors AS anonymous_errors,
            a.anonymous_activities AS anonymous_activities, a.anonymous_sessions AS anonymous_sessions
     FROM (
       SELECT uniqExact(auth0_user_id) AS total_users,
              uniqExactIf(session_id, auth0_user_id IS NOT NULL AND recent) AS active_sessions,
              countIf(auth0_user_id IS NULL) AS anonymous_activities,
              uniqExactIf(session_id, auth0_user_id IS NULL AND recent) AS anonymous_sessions
       FROM (
         SELECT auth0_user_id, session_id,
                timestamp >= {now:DateTime64(3, 'UTC')} - INTERVAL {active:UInt32} MINUTE AS recent
         FROM user_activities FINAL
         WHERE timestamp > {now:DateTime64(3, 'UTC')} - INTERVAL {window:UInt32} MINUTE AND timestamp <= {now:DateTime64(3, 'UTC')}
       )
     ) AS a
     CROSS JOIN (
       SELECT countIf(NOT anonymous) AS entries, countIf(level = 'ERROR' AND NOT anonymous) AS errors,
              avgIf(duration_ms, source = 'gateway') AS avg_ms,
              countIf(anonymous) AS anonymous_entries, countIf(level = 'ERROR' AND anonymous) AS anonymous_errors
       FROM (
         SELECT level, source, duration_ms, source = 'client' AND user_id IS NULL AS anonymous
         FROM logs FINAL
         WHERE timestamp > {now:DateTime64(3, 'UTC')} - INTERVAL {window:UInt32} MINUTE AND timestamp <= {now:DateTime64(3, 'UTC')}
       )
     ) AS l`,
    // chDB does not parse a zone suffix in a DateTime64 parameter; the type's zone is UTC.
    { now: now.toISOString().slice(0, -1), window: ANALYTICS_WINDOW_MINUTES, active: ACTIVE_SESSION_MINUTES },
  );
  const { total_users = 0, active_sessions = 0, entries = 0, errors = 0, avg_ms = null } = row ?? {};
  return {
    window_minutes: ANALYTICS_WINDOW_MINUTES,
    total_users,
    active_sessions,
    error_rate_percent: entries === 0 ? 0 : Math.round((1000 * errors) / entries) / 10,
    avg_response_time_ms: avg_ms === null || !Number.isFinite(avg_ms) ? 0 : Math.round(avg_ms),
    anonymous: {
      log_entries: row?.anonymous_entries ?? 0,
      errors: row?.anonymous_errors ?? 0,
      activities: row?.anonymous_activities ?? 0,
      active_sessions: row?.anonymous_sessions ?? 0,
    },
    generated_at: now.toISOString(),
  };
}
