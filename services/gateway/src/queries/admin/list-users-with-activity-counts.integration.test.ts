import type { AnalyticsStore } from '@ust/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listUsersWithActivityCounts } from './list-users-with-activity-counts.js';
import { activityRow, minutesBefore, openTestStore, testNow, userRow } from './telemetry-fixtures.js';

describe('listUsersWithActivityCounts', () => {
  const now = testNow();
  let store: AnalyticsStore;

  beforeAll(async () => {
    store = await openTestStore('admin_users');
    await store.insert('users', [
      userRow({ id: 'u-ann', auth0_user_id: 'auth0|ann', email: 'ann@example.com', last_login: '2025-03-01T10:00:00.000Z', version: 1 }),
      // Ann's later version: promoted and deactivated; only it may show.
      userRow({
        id: 'u-ann',
        auth0_user_id: 'auth0|ann',
        email: 'ann@example.com',
        name: 'Ann',
        role: 'admin',
        is_active: false,
        last_login: '2025-03-01T10:00:00.000Z',
        version: 2,
      }),
      userRow({ id: 'u-bob', auth0_user_id: 'auth0|bob', email: 'bob@example.com', last_login: '2025-03-02T08:30:00.250Z' }),
      userRow({ id: 'u-zed', auth0_user_id: 'auth0|zed', email: 'zed@example.com' }),
      userRow({ id: 'u-amy', auth0_user_id: 'auth0|amy', email: 'amy@example.com', role: 'broker' }),
    ]);
    const annActivities = [1, 2, 3].map((n) => activityRow(n, minutesBefore(now, n), { auth0_user_id: 'auth0|ann' }));
    await store.insert('user_activities', [
      ...annActivities,
      activityRow(4, minutesBefore(now, 4), { auth0_user_id: 'auth0|zed' }),
      activityRow(5, minutesBefore(now, 5)),
    ]);
    await store.insert('user_activities', annActivities.slice(0, 1));
  });
  afterAll(async () => {
    await store?.close();
  });

  it('lists each user in its latest version, latest sign-in first, never signed-in last by email', async () => {
    const users = await listUsersWithActivityCounts(store);
    expect(users.map((user) => user.id)).toEqual(['u-bob', 'u-ann', 'u-amy', 'u-zed']);
    expect(users[1]).toEqual({
      id: 'u-ann',
      auth0_user_id: 'auth0|ann',
      email: 'ann@example.com',
      name: 'Ann',
      role: 'admin',
      created_at: '2025-01-01T00:00:00.000Z',
      last_login: '2025-03-01T10:00:00.000Z',
      is_active: false,
      activity_count: 3,
    });
  });

  it("counts each user's activities, zero when it has none", async () => {
    const users = await listUsersWithActivityCounts(store);
    expect(Object.fromEntries(users.map((user) => [user.id, user.activity_count]))).toEqual({ 'u-ann': 3, 'u-bob': 0, 'u-zed': 1, 'u-amy': 0 });
    expect(users[0]).toMatchObject({ last_login: '2025-03-02T08:30:00.250Z', is_active: true, name: null, role: 'general' });
    expect(users[3]).toMatchObject({ last_login: null });
  });
});
