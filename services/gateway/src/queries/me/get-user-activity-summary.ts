import type { AnalyticsStore } from '@ust/platform';
import type { MeActivity } from '@ust/schemas';

/**
 * The signed-in user's Your Activity card (docs/decisions/0008-live-activity-card.md): searches,
 * facility views and the latest activity of any type, each event once (FINAL). A user with no
 * activity gets 0, 0, null.
 */
export async function getUserActivitySummary(store: AnalyticsStore, params: { auth0UserId: string }): Promise<MeActivity> {
  const [row] = await store.query<MeActivity>(
    `SELECT countIf(activity_type = 'address_search') AS total_searches,
            countIf(activity_type = 'facility_view') AS facilities_viewed,
            if(count() = 0, NULL, concat(replaceOne(toString(max(timestamp)), ' ', 'T'), 'Z')) AS last_activity
     FROM user_activities FINAL
     WHERE auth0_user_id = {user:String}`,
    { user: params.auth0UserId },
  );
  return row ?? { total_searches: 0, facilities_viewed: 0, last_activity: null };
}
