/**
 * Telemetry through the embedded platform: POST /logs and /log-activity -> in-process event log
 * -> ingest -> ClickHouse (chDB) -> the admin API, plus the gateway's own request log.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@ust/platform';
import type { AdminAnalytics, AdminSession } from '@ust/schemas';
import { startStandalone, type Standalone } from './start-standalone.js';
import { adminLogs, bearerFor, eventually } from './telemetry-probe.js';

const log = createLogger('telemetry-in-process', { level: 'silent' });

describe('telemetry end to end on the embedded event log', () => {
  let standalone: Standalone;
  let admin: { authorization: string };
  let general: { authorization: string };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) => standalone.gateway.inject({ method: 'POST', url, payload, headers });

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-telemetry-'));
    standalone = await startStandalone({ config: loadConfig({ DATA_DIR: dataDir, DEMO_SCALE: 'none' }), log, listen: false });
    admin = await bearerFor(standalone, 'admin');
    general = await bearerFor(standalone, 'general');
  }, 120_000);
  afterAll(() => standalone?.close());

  it('shows a posted browser log entry in /admin/logs with the signed-in user, and an anonymous one without', async () => {
    const generalSub = standalone.identity!.accounts.find((account) => account.role === 'general')!.sub;
    const signedIn = await post(
      '/api/logs',
      {
        logs: [
          {
            timestamp: '2026-11-21T08:00:00.250Z',
            level: 'ERROR',
            category: 'GLOBAL_ERROR',
            message: 'probe-signed-in TypeError: x is undefined',
            context: { line: 12 },
            sessionId: 's-1',
          },
        ],
      },
      general,
    );
    expect(signedIn.statusCode).toBe(202);
    expect(signedIn.json()).toEqual({ accepted: 1 });
    const anonymous = await post('/api/logs', {
      logs: [{ timestamp: '2026-11-21T08:00:01.000Z', level: 'WARN', category: 'GLOBAL_ERROR', message: 'probe-anonymous signed out' }],
    });
    expect(anonymous.statusCode).toBe(202);

    const rows = await eventually('both entries in /admin/logs', async () => {
      const found = await adminLogs(standalone, admin, 'probe-');
      return found.length === 2 ? found : undefined;
    });
    expect(rows.map(({ message, level, category, user_id }) => ({ message, level, category, user_id }))).toEqual([
      { message: 'probe-anonymous signed out', level: 'WARN', category: 'GLOBAL_ERROR', user_id: null },
      { message: 'probe-signed-in TypeError: x is undefined', level: 'ERROR', category: 'GLOBAL_ERROR', user_id: generalSub },
    ]);
  });

  it('logs every API call as a request event with its route template, status and user', async () => {
    await standalone.gateway.inject({ method: 'GET', url: '/api/facilities/XX-REQUEST-LOG-PROBE', headers: general });
    const row = await eventually('the request-log row', async () => (await adminLogs(standalone, admin, 'GET /api/facilities/:id 404'))[0]);
    expect(row).toMatchObject({ category: 'API_REQUEST', level: 'WARN', method: 'GET', endpoint: '/api/facilities/:id', status_code: 404 });
    expect(row.user_id).toMatch(/^local\|/);
  });

  it("records activities for the admin list, the sessions and the user's own card", async () => {
    for (const activity of [
      { activity_type: 'address_search', session_id: 'sess-a', page: '/search', details: { address: '1 Main St' } },
      { activity_type: 'facility_view', session_id: 'sess-a', page: '/search', facility_id: 'DE-1-000001' },
      { activity_type: 'map_loaded', session_id: 'sess-a', page: '/county-map', location_lat: 39.8, location_lon: -98.5 },
    ]) {
      expect((await post('/api/log-activity', activity, general)).statusCode).toBe(202);
    }
    const me = await eventually('the activity card', async () => {
      const card = (await standalone.gateway.inject({ method: 'GET', url: '/api/me/activity', headers: general })).json();
      return card.total_searches === 1 && card.facilities_viewed === 1 ? card : undefined;
    });
    expect(me.last_activity).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Three messages may land in different partitions and batches: wait for all of them.
    const activities = await eventually('three activities', async () => {
      const listed = (await standalone.gateway.inject({ method: 'GET', url: '/api/admin/user-activities?limit=50', headers: admin })).json().activities;
      return listed.length === 3 ? (listed as Array<{ activity_type: string }>) : undefined;
    });
    expect(activities.map((activity) => activity.activity_type).sort()).toEqual(['address_search', 'facility_view', 'map_loaded']);
    expect(activities.find((activity) => activity.activity_type === 'map_loaded')).toMatchObject({
      user_role: 'general',
      location_lat: 39.8,
      location_lon: -98.5,
      session_id: 'sess-a',
    });

    const sessions = (await standalone.gateway.inject({ method: 'GET', url: '/api/admin/sessions?limit=20', headers: admin })).json().sessions;
    expect(sessions).toEqual([expect.objectContaining({ session_id: 'sess-a', activity_count: 3, pages_visited: ['/county-map', '/search'] })]);

    const analytics = (await standalone.gateway.inject({ method: 'GET', url: '/api/admin/analytics', headers: admin })).json();
    expect(analytics).toMatchObject({ window_minutes: 60, total_users: 1, active_sessions: 1 });
    expect(analytics.series).toHaveLength(60);
    expect(analytics.series.reduce((sum: number, point: { requests: number }) => sum + point.requests, 0)).toBeGreaterThan(0);
  });

  it('keeps anonymous telemetry apart: its session ids cannot join a signed-in session, and the analytics count it on its own', async () => {
    const generalSub = standalone.identity!.accounts.find((account) => account.role === 'general')!.sub;
    const analytics = async () => (await standalone.gateway.inject({ method: 'GET', url: '/api/admin/analytics', headers: admin })).json() as AdminAnalytics;
    const before = (await analytics()).anonymous;

    // A signed-in session, then a caller without a token claiming its id, in an activity and a log entry.
    expect((await post('/api/log-activity', { activity_type: 'map_loaded', session_id: 'sess-shared', page: '/county-map' }, general)).statusCode).toBe(202);
    expect((await post('/api/log-activity', { activity_type: 'facility_view', session_id: 'sess-shared', page: '/forged' })).statusCode).toBe(202);
    const entry = {
      timestamp: new Date().toISOString(),
      level: 'ERROR',
      category: 'GLOBAL_ERROR',
      message: 'probe-anonymous-session',
      sessionId: 'sess-shared',
    };
    expect((await post('/api/logs', { logs: [entry] })).statusCode).toBe(202);

    const shared = await eventually('the signed-in and the anonymous session', async () => {
      const { sessions } = (await standalone.gateway.inject({ method: 'GET', url: '/api/admin/sessions?limit=100', headers: admin })).json() as {
        sessions: AdminSession[];
      };
      const found = sessions.filter((session) => session.session_id.endsWith('sess-shared'));
      return found.length === 2 ? found : undefined;
    });
    expect(shared.find((session) => session.session_id === 'sess-shared')).toMatchObject({
      user_id: generalSub,
      activity_count: 1,
      pages_visited: ['/county-map'],
    });
    expect(shared.find((session) => session.session_id === 'anon:sess-shared')).toMatchObject({ user_id: null, activity_count: 1, pages_visited: ['/forged'] });
    const [logged] = await eventually('the anonymous entry', async () => {
      const rows = await standalone.ports.store.query<{ session_id: string | null; user_id: string | null }>(
        `SELECT session_id, user_id FROM logs FINAL WHERE message = 'probe-anonymous-session'`,
      );
      return rows.length ? rows : undefined;
    });
    expect(logged).toEqual({ session_id: 'anon:sess-shared', user_id: null });

    // Counted apart from the cards: the anonymous error and activity are in the anonymous block.
    const after = await eventually('the anonymous figures', async () => {
      const figures = (await analytics()).anonymous;
      return figures.errors === before.errors + 1 && figures.activities === before.activities + 1 ? figures : undefined;
    });
    expect(after).toMatchObject({ log_entries: before.log_entries + 1, active_sessions: before.active_sessions + 1 });

    // The prefix is the gateway's: nobody may claim it, with a token or without.
    const claimed = await post('/api/log-activity', { activity_type: 'map_loaded', session_id: 'anon:sess-shared' }, general);
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'body.session_id must not start with "anon:": the gateway gives that prefix to the sessions of callers without a token',
      details: [{ field: 'body.session_id', reason: 'must not start with "anon:": the gateway gives that prefix to the sessions of callers without a token' }],
    });
    const claimedEntry = await post('/api/logs', { logs: [entry, { ...entry, sessionId: 'anon:sess-shared' }] });
    expect(claimedEntry.statusCode).toBe(400);
    expect(claimedEntry.json().error.details).toEqual([{ field: 'body.logs[1].sessionId', reason: expect.stringMatching(/^must not start with "anon:"/) }]);
  });
});
