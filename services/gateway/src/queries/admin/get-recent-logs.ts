import type { AnalyticsStore } from '@ust/platform';
import type { AdminLogEntry, AdminLogsQuery } from '@ust/schemas';

/**
 * The newest log entries for the System Logs tab, filtered server-side so that a filter finds
 * matches beyond the page the browser holds. FINAL so a redelivered batch shows once
 * (docs/decisions/0023-telemetry-deduplication.md); ordering by the stored column (not the ISO
 * alias) lets ClickHouse read the time-ordered table backwards. An absent filter is passed as ''
 * rather than spliced out of the SQL.
 */
export async function getRecentLogs(store: AnalyticsStore, query: AdminLogsQuery): Promise<AdminLogEntry[]> {
  return store.query<AdminLogEntry>(
    `SELECT toString(event_id) AS id, concat(replaceOne(toString(timestamp), ' ', 'T'), 'Z') AS timestamp,
            level, category, message, user_id, duration_ms, status_code, endpoint, method
     FROM logs FINAL
     WHERE ({level:String} = '' OR level = {level:String})
       AND ({source:String} = '' OR source = {source:String})
       AND ({q:String} = '' OR positionCaseInsensitiveUTF8(message, {q:String}) > 0
            OR positionCaseInsensitiveUTF8(category, {q:String}) > 0)
     ORDER BY logs.timestamp DESC, event_id DESC
     LIMIT {limit:UInt32}`,
    { limit: query.limit ?? 20, level: query.level ?? '', source: query.source ?? '', q: query.q ?? '' },
  );
}
