import type { AnalyticsStore } from '@ust/platform';
import type { AdminActivitiesQuery, AdminActivity } from '@ust/schemas';

/** The newest activities for the User Activities tab; FINAL so a redelivered event shows once (docs/decisions/0023-telemetry-deduplication.md). */
export async function getRecentUserActivities(store: AnalyticsStore, query: AdminActivitiesQuery): Promise<AdminActivity[]> {
  return store.query<AdminActivity>(
    `SELECT toString(event_id) AS id, auth0_user_id, activity_type,
            concat(replaceOne(toString(timestamp), ' ', 'T'), 'Z') AS timestamp,
            user_role, facility_id, location_lat, location_lon, email, release_id, session_id, page
     FROM user_activities FINAL
     ORDER BY user_activities.timestamp DESC, event_id DESC
     LIMIT {limit:UInt32}`,
    { limit: query.limit ?? 50 },
  );
}
