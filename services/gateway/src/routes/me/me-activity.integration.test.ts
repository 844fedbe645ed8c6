/** GET /api/me/activity answered from a brief per-user cache: a reload loop cannot queue statements on chDB. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessEventLog, createInProcessJobQueue, createLogger, createMemoryCache, loadConfig, type Ports } from '@ust/platform';
import { buildGateway } from '../../build.js';
import { activityRow, minutesBefore, openTestStore, testNow } from '../../queries/admin/telemetry-fixtures.js';
import { countingStore, type StatementCounts } from '../../testing/counting-store.js';
import { createTestIssuer, type TestIssuer } from '../../testing/test-issuer.js';
import { ME_ACTIVITY_TTL_SECONDS } from './index.js';

const log = createLogger('me-activity-test', { level: 'silent' });

describe('GET /api/me/activity', () => {
  const now = testNow();
  let gateway: FastifyInstance;
  let ports: Ports;
  let issuer: TestIssuer;
  let counts: StatementCounts;

  beforeAll(async () => {
    const counted = countingStore(await openTestStore('me_activity_route'));
    counts = counted.counts;
    await counted.store.insert('user_activities', [
      activityRow(1, minutesBefore(now, 3), { auth0_user_id: 'local|ann', activity_type: 'address_search' }),
      activityRow(2, minutesBefore(now, 2), { auth0_user_id: 'local|bob', activity_type: 'facility_view', facility_id: 'DE-1' }),
    ]);
    ports = { store: counted.store, events: createInProcessEventLog(), jobs: createInProcessJobQueue({ logger: log }), cache: createMemoryCache() };
    issuer = await createTestIssuer();
    gateway = await buildGateway({
      config: loadConfig({ ...issuer.env, RATE_LIMIT_PER_MINUTE: '100000' }),
      ports,
      logger: log,
      signingKeys: issuer.signingKeys,
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([ports.store.close(), ports.events.close(), ports.jobs.close(), ports.cache.close()]);
  });

  it('queries once per user for a burst of calls, and each user sees only their own figures', async () => {
    const ann = await issuer.headers({ sub: 'local|ann' });
    const bob = await issuer.headers({ sub: 'local|bob' });
    const before = counts.queries;
    const burst = await Promise.all(Array.from({ length: 10 }, () => gateway.inject({ method: 'GET', url: '/api/me/activity', headers: ann })));
    for (let call = 0; call < 20; call++) burst.push(await gateway.inject({ method: 'GET', url: '/api/me/activity', headers: ann }));
    expect(new Set(burst.map((response) => response.body))).toEqual(
      new Set([JSON.stringify({ total_searches: 1, facilities_viewed: 0, last_activity: minutesBefore(now, 3) })]),
    );
    const bobs = await gateway.inject({ method: 'GET', url: '/api/me/activity', headers: bob });
    expect(bobs.json()).toEqual({ total_searches: 0, facilities_viewed: 1, last_activity: minutesBefore(now, 2) });
    // Two users, one user-lookup miss each (the users table) and one activity summary each.
    expect(counts.queries - before).toBe(4);
    expect(ME_ACTIVITY_TTL_SECONDS).toBeLessThanOrEqual(10);
  });
});
