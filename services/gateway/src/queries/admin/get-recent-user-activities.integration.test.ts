import type { AnalyticsStore } from '@ust/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRecentUserActivities } from './get-recent-user-activities.js';
import { activityRow, eventId, minutesBefore, openTestStore, testNow } from './telemetry-fixtures.js';

describe('getRecentUserActivities', () => {
  const now = testNow();
  let store: AnalyticsStore;

  beforeAll(async () => {
    store = await openTestStore('admin_recent_activities');
    const rows = [
      activityRow(1, minutesBefore(now, 3), {
        activity_type: 'map_loaded',
        auth0_user_id: 'auth0|a',
        user_role: 'general',
        session_id: 's1',
        page: '/county-map',
      }),
      activityRow(2, minutesBefore(now, 2), {
        activity_type: 'county_selected',
        auth0_user_id: 'auth0|a',
        user_role: 'general',
        email: 'a@example.com',
        facility_id: 'CO-1',
        location_lat: 39.7392,
        location_lon: -104.9903,
        session_id: 's1',
        page: '/county-map',
      }),
      activityRow(3, minutesBefore(now, 1), { activity_type: 'release_view', release_id: 'DC-2017018' }),
    ];
    await store.insert('user_activities', rows);
    await store.insert('user_activities', [rows[1]!]);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('answers the newest activities first, a redelivered one once, with every field', async () => {
    const activities = await getRecentUserActivities(store, {});
    expect(activities.map((activity) => activity.id)).toEqual([eventId(3), eventId(2), eventId(1)]);
    expect(activities[1]).toEqual({
      id: eventId(2),
      auth0_user_id: 'auth0|a',
      activity_type: 'county_selected',
      timestamp: minutesBefore(now, 2),
      user_role: 'general',
      facility_id: 'CO-1',
      location_lat: 39.7392,
      location_lon: -104.9903,
      email: 'a@example.com',
      release_id: null,
      session_id: 's1',
      page: '/county-map',
    });
    expect(activities[0]).toMatchObject({ auth0_user_id: null, release_id: 'DC-2017018', location_lat: null });
  });

  it('stops at the limit', async () => {
    expect((await getRecentUserActivities(store, { limit: 1 })).map((activity) => activity.id)).toEqual([eventId(3)]);
  });
});
