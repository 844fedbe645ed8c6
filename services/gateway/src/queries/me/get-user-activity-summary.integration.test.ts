import type { AnalyticsStore } from '@ust/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRow, minutesBefore, openTestStore, testNow } from '../admin/telemetry-fixtures.js';
import { getUserActivitySummary } from './get-user-activity-summary.js';

describe('getUserActivitySummary', () => {
  const now = testNow();
  let store: AnalyticsStore;

  beforeAll(async () => {
    store = await openTestStore('me_activity');
    const search = activityRow(1, minutesBefore(now, 30), { auth0_user_id: 'auth0|ann', activity_type: 'address_search' });
    await store.insert('user_activities', [
      search,
      activityRow(2, minutesBefore(now, 20), { auth0_user_id: 'auth0|ann', activity_type: 'address_search' }),
      activityRow(3, minutesBefore(now, 15), { auth0_user_id: 'auth0|ann', activity_type: 'facility_view', facility_id: 'CO-1' }),
      activityRow(4, minutesBefore(now, 2), { auth0_user_id: 'auth0|ann', activity_type: 'map_loaded' }),
      // Another user's search.
      activityRow(5, minutesBefore(now, 1), { auth0_user_id: 'auth0|bob', activity_type: 'address_search' }),
    ]);
    await store.insert('user_activities', [search]);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("counts the user's searches and facility views once each, and its latest activity of any type", async () => {
    expect(await getUserActivitySummary(store, { auth0UserId: 'auth0|ann' })).toEqual({
      total_searches: 2,
      facilities_viewed: 1,
      last_activity: minutesBefore(now, 2),
    });
  });

  it('answers 0, 0 and null for a user with no activity', async () => {
    expect(await getUserActivitySummary(store, { auth0UserId: 'auth0|nobody' })).toEqual({
      total_searches: 0,
      facilities_viewed: 0,
      last_activity: null,
    });
  });
});
