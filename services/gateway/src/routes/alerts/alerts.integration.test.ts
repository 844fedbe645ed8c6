/** GET /api/alerts and POST /api/alerts/seen on chDB: each user's own alerts, newest first, and what is unread. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAlertsCacheKey, writeAlerts, type StoredAlert } from '@ust/read-model';
import { watchAlertRecord } from '@ust/schemas/testing';
import { startTestGateway, type TestGateway } from '../../testing/test-gateway.js';

const alertOf = (ownerId: string, id: string, createdAt: string, version: number): StoredAlert => ({
  owner_id: ownerId,
  alert: watchAlertRecord({ id, created_at: createdAt, dataset_version: version, base_version: version - 1 }),
});

describe('alerts routes', () => {
  let test: TestGateway;
  beforeAll(async () => {
    test = await startTestGateway('alerts-routes');
  });
  afterAll(async () => {
    await test?.close();
  });

  it("answers a user's own alerts newest first with the unread count, and marks them read", async () => {
    const ann = await test.signIn({ sub: 'local|ann-alerts', email: 'ann@example.com', name: 'Ann' });
    const bob = await test.signIn({ sub: 'local|bob-alerts', email: 'bob@example.com', name: 'Bob' });
    const get = (headers: Record<string, string>, query = '') => test.gateway.inject({ method: 'GET', url: `/api/alerts${query}`, headers });

    expect((await get(ann.headers)).json()).toEqual({ alerts: [], unread: 0, seen_at: null });
    const { store, cache } = test.embedded.ports;
    await writeAlerts(store, [alertOf(ann.userId, 'al-old', '2026-11-01T00:00:00.000Z', 2), alertOf(ann.userId, 'al-new', '2026-11-02T00:00:00.000Z', 3)]);
    // The alert job drops a user's cached copy when it adds alerts for them.
    await cache.del(userAlertsCacheKey(ann.userId));

    const listed = (await get(ann.headers)).json();
    expect(listed.unread).toBe(2);
    expect(listed.alerts.map((alert: { id: string; unread: boolean }) => [alert.id, alert.unread])).toEqual([
      ['al-new', true],
      ['al-old', true],
    ]);
    expect((await get(ann.headers, '?limit=1')).json().alerts).toHaveLength(1);
    expect((await get(ann.headers, '?limit=0')).statusCode).toBe(400);
    expect((await get(bob.headers)).json()).toEqual({ alerts: [], unread: 0, seen_at: null });

    const seen = await test.gateway.inject({ method: 'POST', url: '/api/alerts/seen', headers: ann.headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().unread).toBe(0);
    const after = (await get(ann.headers)).json();
    expect(after).toMatchObject({ unread: 0, seen_at: seen.json().seen_at });
    expect(after.alerts.map((alert: { unread: boolean }) => alert.unread)).toEqual([false, false]);

    // An alert created after she looked is unread again.
    await writeAlerts(store, [alertOf(ann.userId, 'al-later', '2099-01-01T00:00:00.000Z', 4)]);
    await cache.del(userAlertsCacheKey(ann.userId));
    const later = (await get(ann.headers)).json();
    expect(later.unread).toBe(1);
    expect(later.alerts[0]).toMatchObject({ id: 'al-later', unread: true });
  });
});
