import type { AnalyticsStore } from '@ust/platform';
import type { AdminActivity } from '@ust/schemas';
import type { LogPageCursor } from './get-log-page.js';

/**
 * One page of every user's activities, newest first, after `cursor` (the last row of the
 * previous page): the activities export reads them page by page, keyset on the table's sort
 * key; FINAL so a redelivered event shows once
 * (docs/decisions/0023-telemetry-deduplication.md).
 */
export async function getUserActivityPage(store: AnalyticsStore, cursor: LogPageCursor | null, limit: number): Promise<AdminActivity[]> {
  return store.query<AdminActivity>(
    `SELECT toString(event_id) AS id, auth0_user_id, activity_type,
            concat(replaceOne(toString(timestamp), ' ', 'T'), 'Z') AS timestamp,
            user_role, facility_id, location_lat, location_lon, email, release_id, session_id, page
     FROM user_activities FINAL
     WHERE {after_id:String} = ''
        OR (user_activities.timestamp, event_id) < (parseDateTime64BestEffortOrZero({after_timestamp:String}, 3, 'UTC'), toUUIDOrZero({after_id:String}))
     ORDER BY user_activities.timestamp DESC, event_id DESC
     LIMIT {limit:UInt32}`,
    { limit, after_timestamp: cursor?.timestamp ?? '', after_id: cursor?.id ?? '' },
  );
}
