import type { AnalyticsStore } from '@ust/platform';
import { SESSIONS_WINDOW_DAYS, type AdminSession, type AdminSessionsQuery } from '@ust/schemas';

/**
 * Browser sessions built from their activities, most recently active first, for the Active
 * Sessions tab. Activities without a session id belong to no session. FINAL so a redelivered
 * activity is not counted twice (docs/decisions/0023-telemetry-deduplication.md). The user is
 * the latest non-null one (argMax skips nulls), so a session that signs in part-way shows its
 * user. Only the last SESSIONS_WINDOW_DAYS are read (the table is partitioned by day), so the
 * query's cost does not grow with the telemetry kept.
 */
export async function getRecentSessions(store: AnalyticsStore, query: AdminSessionsQuery, now: Date = new Date()): Promise<AdminSession[]> {
  return store.query<AdminSession>(
    `SELECT session_id, user_id,
            concat(replaceOne(toString(first_at), ' ', 'T'), 'Z') AS start_time,
            concat(replaceOne(toString(last_at), ' ', 'T'), 'Z') AS last_activity,
            activity_count, pages_visited
     FROM (
       SELECT assumeNotNull(session_id) AS session_id, argMax(auth0_user_id, timestamp) AS user_id,
              min(timestamp) AS first_at, max(timestamp) AS last_at, count() AS activity_count,
              arraySort(groupUniqArray(page)) AS pages_visited
       FROM user_activities FINAL
       WHERE session_id IS NOT NULL AND session_id != ''
         AND timestamp > {now:DateTime64(3, 'UTC')} - INTERVAL {days:UInt32} DAY
       GROUP BY session_id
     )
     ORDER BY last_at DESC, session_id ASC
     LIMIT {limit:UInt32}`,
    // chDB does not parse a zone suffix in a DateTime64 parameter; the type's zone is UTC.
    { limit: query.limit ?? 20, now: now.toISOString().slice(0, -1), days: SESSIONS_WINDOW_DAYS },
  );
}
