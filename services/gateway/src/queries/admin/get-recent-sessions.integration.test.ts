import type { AnalyticsStore } from '@ust/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRecentSessions } from './get-recent-sessions.js';
import { activityRow, minutesBefore, openTestStore, testNow } from './telemetry-fixtures.js';

describe('getRecentSessions', () => {
  const now = testNow();
  let store: AnalyticsStore;

  beforeAll(async () => {
    store = await openTestStore('admin_sessions');
    const rows = [
      // s-old: anonymous at first, then signed in; two pages, one of them twice.
      activityRow(1, minutesBefore(now, 50), { session_id: 's-old', page: '/county-map' }),
      activityRow(2, minutesBefore(now, 45), { session_id: 's-old', auth0_user_id: 'auth0|ann', page: '/dashboard' }),
      activityRow(3, minutesBefore(now, 40), { session_id: 's-old', auth0_user_id: 'auth0|ann', page: '/county-map' }),
      // s-new: one page and one activity without a page.
      activityRow(4, minutesBefore(now, 10), { session_id: 's-new', auth0_user_id: 'auth0|bob', page: '/search' }),
      activityRow(5, minutesBefore(now, 5), { session_id: 's-new', auth0_user_id: 'auth0|bob' }),
      // No session id: belongs to no session.
      activityRow(6, minutesBefore(now, 1), { auth0_user_id: 'auth0|bob', page: '/settings' }),
      // s-anon: never signed in.
      activityRow(7, minutesBefore(now, 20), { session_id: 's-anon', page: '/' }),
    ];
    await store.insert('user_activities', rows);
    await store.insert('user_activities', rows.slice(3, 5));
  });
  afterAll(async () => {
    await store?.close();
  });

  it('builds sessions from their activities, newest activity first, a redelivered activity once', async () => {
    expect(await getRecentSessions(store, {})).toEqual([
      {
        session_id: 's-new',
        user_id: 'auth0|bob',
        start_time: minutesBefore(now, 10),
        last_activity: minutesBefore(now, 5),
        activity_count: 2,
        pages_visited: ['/search'],
      },
      {
        session_id: 's-anon',
        user_id: null,
        start_time: minutesBefore(now, 20),
        last_activity: minutesBefore(now, 20),
        activity_count: 1,
        pages_visited: ['/'],
      },
      {
        session_id: 's-old',
        user_id: 'auth0|ann',
        start_time: minutesBefore(now, 50),
        last_activity: minutesBefore(now, 40),
        activity_count: 3,
        pages_visited: ['/county-map', '/dashboard'],
      },
    ]);
  });

  it('reads only the last 7 days', async () => {
    await store.insert('user_activities', [
      activityRow(20, minutesBefore(now, 8 * 24 * 60), { session_id: 's-last-week', auth0_user_id: 'auth0|cy', page: '/' }),
      activityRow(21, minutesBefore(now, 6 * 24 * 60), { session_id: 's-this-week', auth0_user_id: 'auth0|cy', page: '/' }),
    ]);
    const listed = (await getRecentSessions(store, { limit: 500 }, now)).map((session) => session.session_id);
    expect(listed).toContain('s-this-week');
    expect(listed).not.toContain('s-last-week');
  });

  it('stops at the limit', async () => {
    expect((await getRecentSessions(store, { limit: 1 })).map((session) => session.session_id)).toEqual(['s-new']);
  });
});
