import type { AnalyticsStore } from '@ust/platform';
import type { AdminLogEntry, AdminLogsExportQuery } from '@ust/schemas';

/** Where the previous page ended: its last entry's timestamp and id. */
export interface LogPageCursor {
  timestamp: string;
  id: string;
}

/**
 * One page of the log entries the System Logs filters match, newest first, after `cursor`: the
 * logs export reads them page by page, each page a statement of its own (chDB runs one at a
 * time). Keyset on the table's sort key, so an entry arriving mid-export neither repeats nor
 * shifts a row; FINAL so a redelivered batch shows once
 * (docs/decisions/0023-telemetry-deduplication.md).
 */
export async function getLogPage(store: AnalyticsStore, query: AdminLogsExportQuery, cursor: LogPageCursor | null, limit: number): Promise<AdminLogEntry[]> {
  return store.query<AdminLogEntry>(
    `SELECT toString(event_id) AS id, concat(replaceOne(toString(timestamp), ' ', 'T'), 'Z') AS timestamp,
            level, category, message, user_id, duration_ms, status_code, endpoint, method
     FROM logs FINAL
     WHERE ({level:String} = '' OR level = {level:String})
       AND ({source:String} = '' OR source = {source:String})
       AND ({q:String} = '' OR positionCaseInsensitiveUTF8(message, {q:String}) > 0
            OR positionCaseInsensitiveUTF8(category, {q:String}) > 0)
       AND ({after_id:String} = ''
            OR (logs.timestamp, event_id) < (parseDateTime64BestEffortOrZero({after_timestamp:String}, 3, 'UTC'), toUUIDOrZero({after_id:String})))
     ORDER BY logs.timestamp DESC, event_id DESC
     LIMIT {limit:UInt32}`,
    {
      limit,
      level: query.level ?? '',
      source: query.source ?? '',
      q: query.q ?? '',
      after_timestamp: cursor?.timestamp ?? '',
      after_id: cursor?.id ?? '',
    },
  );
}
