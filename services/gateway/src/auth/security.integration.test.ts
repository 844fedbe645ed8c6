/**
 * Who may call what: every non-public route refuses a missing or bad token, every admin route
 * refuses a non-admin, deactivated users are shut out except from their profile, and bodies
 * that are too large or malformed get 413/400 with the schema error. The routes are taken from
 * the OpenAPI document, so a route added later is covered without editing this test.
 */
import type { FastifyInstance } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig, type Ports } from '@ust/platform';
import { buildGateway } from '../build.js';
import { countingStore } from '../testing/counting-store.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../testing/embedded-test-ports.js';
import { accessDecision, readRouteTable, routeName, urlWith, type OpenApiDocument, type RouteTableEntry } from '../testing/route-table.js';
import { createTestIssuer, type TestIssuer } from '../testing/test-issuer.js';
import { userIdOfSubject } from '../users/user-directory.js';

const log = createLogger('security-test', { level: 'silent' });

const general = { sub: 'local|gina', email: 'gina@example.com', name: 'Gina General' };
const admin = { sub: 'local|ada', email: 'Ada@Example.com', email_verified: true, name: 'Ada Admin' };
const otherAdmin = { sub: 'local|otto', email: 'otto@example.com', email_verified: true, name: 'Otto Admin' };

describe('gateway security', () => {
  let gateway: FastifyInstance;
  let ports: Ports;
  let embedded: EmbeddedTestPorts;
  let issuer: TestIssuer;
  let routes: Array<{ method: string; url: string; route: RouteTableEntry }>;
  let insertsByTable: Map<string, number>;
  const call = (method: string, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    gateway.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const signIn = async (user: { sub: string; email: string; email_verified?: boolean; name: string }) => {
    const headers = await issuer.headers(user);
    const response = await call('POST', '/api/user-profile', headers, { sub: user.sub, email: user.email, name: user.name });
    expect(response.statusCode).toBe(200);
    return { headers, profile: response.json() };
  };

  beforeAll(async () => {
    // Counts the writes each table gets, to see that no client can make the gateway write at will.
    embedded = await openEmbeddedTestPorts('security-test', (store) => {
      const counted = countingStore(store);
      insertsByTable = counted.counts.insertsByTable;
      return counted.store;
    });
    ports = embedded.ports;
    issuer = await createTestIssuer();
    const config = loadConfig({
      ...issuer.env,
      ADMIN_EMAILS: 'ada@example.com, otto@example.com',
      RATE_LIMIT_PER_MINUTE: '100000',
      ANONYMOUS_TELEMETRY_RATE_LIMIT_PER_MINUTE: '100000',
    });
    gateway = await buildGateway({ config, ports, logger: log, signingKeys: issuer.signingKeys });
    const document = (await gateway.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApiDocument;
    // Any value will do for a path parameter: authentication comes before the handler.
    routes = readRouteTable(document).map((route) => ({ method: route.method, url: urlWith(route, '06037'), route }));
  });
  afterAll(async () => {
    await gateway?.close();
    await embedded?.close();
  });

  it('answers 401 without a token on every route that is not public', async () => {
    const protectedRoutes = routes.filter(({ route }) => accessDecision(route.access, { kind: 'anonymous' }) === 401);
    expect(routes.filter((entry) => !protectedRoutes.includes(entry)).map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /health',
      'GET /ready',
      'POST /runtime-proof',
      'GET /api/auth-config',
      'POST /api/logs',
      'POST /api/log-activity',
    ]);
    for (const { method, url } of protectedRoutes) {
      const response = await call(method, url);
      expect({ route: `${method} ${url}`, status: response.statusCode }).toEqual({ route: `${method} ${url}`, status: 401 });
      expect(response.json().error).toMatchObject({
        code: 'UNAUTHORIZED',
        message: "Sign-in required: send an access token as 'Authorization: Bearer <token>'",
      });
    }
    expect((await call('GET', '/health')).statusCode).toBe(200);
  });

  it('refuses tokens from another key, for another audience or issuer, expired, or not RS256', async () => {
    const { privateKey: foreignKey } = await generateKeyPair('RS256');
    const hs256 = await new SignJWT({ sub: general.sub })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
      .setIssuer(issuer.issuer)
      .setAudience(issuer.audience)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough'));
    const cases: Array<[label: string, token: string, reason: RegExp]> = [
      ['another key', await issuer.token(general, { privateKey: foreignKey }), /signature/i],
      ['an unknown key id', await issuer.token(general, { kid: 'rotated-away' }), /no signing key with kid "rotated-away"/],
      ['another audience', await issuer.token(general, { audience: 'https://someone-else.test' }), /aud/i],
      ['another issuer', await issuer.token(general, { issuer: 'https://evil.test/' }), /iss/i],
      ['expired two minutes ago', await issuer.token(general, { expiresIn: -120 }), /expired/],
      ['HS256', hs256, /RS256|algorithm/i],
      ['garbage', 'not.a.jwt', /.+/],
    ];
    for (const [label, token, reason] of cases) {
      const response = await call('GET', '/api/facilities-statistics', { authorization: `Bearer ${token}` });
      expect({ label, status: response.statusCode }).toEqual({ label, status: 401 });
      expect(response.json().error.message).toMatch(/^Access token rejected: /);
      expect(response.json().error.message).toMatch(reason);
    }
  });

  it('accepts a token that expired within the 60 s leeway', async () => {
    const response = await call('GET', '/api/me/activity', await issuer.headers(general, { expiresIn: -30 }));
    expect(response.statusCode).toBe(200);
  });

  it('creates users on first sign-in with the default role, admins from ADMIN_EMAILS, and checks the subject', async () => {
    const { profile } = await signIn(general);
    expect(profile).toEqual({ id: userIdOfSubject(general.sub), sub: general.sub, email: general.email, name: general.name, role: 'general', is_active: true });
    expect((await signIn(admin)).profile.role).toBe('admin');

    const mismatch = await call('POST', '/api/user-profile', await issuer.headers(general), { ...general, sub: 'local|someone-else' });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().error.message).toBe('body.sub "local|someone-else" is not the signed-in user (local|gina)');
  });

  it('takes the e-mail and name from the token, never from the body, and promotes no body-claimed admin', async () => {
    const mallory = { sub: 'keycloak|mallory', email: 'mallory@example.org', email_verified: true, name: 'Mallory' };
    const headers = await issuer.headers(mallory);
    const claimed = await call('POST', '/api/user-profile', headers, { sub: mallory.sub, email: 'ada@example.com', name: 'Ada Admin' });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ role: 'general', email: 'mallory@example.org', name: 'Mallory' });
    expect((await call('GET', '/api/admin/users', headers)).statusCode).toBe(403);
    const stored = await ports.store.query<{ email: string; name: string; role: string }>('SELECT email, name, role FROM users FINAL WHERE id = {id:String}', {
      id: userIdOfSubject(mallory.sub),
    });
    expect(stored).toEqual([{ email: 'mallory@example.org', name: 'Mallory', role: 'general' }]);
  });

  it('writes a sign-in at most once per 5 minutes per user, however often the profile is posted', async () => {
    const frequent = { sub: 'keycloak|frequent', email: 'frequent@example.com', email_verified: true, name: 'Fran Frequent' };
    const headers = await issuer.headers(frequent);
    const before = insertsByTable.get('users') ?? 0;
    const body = { sub: frequent.sub, email: frequent.email, name: frequent.name };
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/api/user-profile', headers, body)));
    for (let index = 0; index < 20; index++) concurrent.push(await call('POST', '/api/user-profile', headers, body));
    expect(new Set(concurrent.map((response) => response.statusCode))).toEqual(new Set([200]));
    expect(concurrent.every((response) => response.json().email === frequent.email)).toBe(true);
    expect((insertsByTable.get('users') ?? 0) - before).toBe(1);
  });

  it('promotes an ADMIN_EMAILS address only when the issuer verified it', async () => {
    const unverified = { sub: 'keycloak|not-otto', email: 'otto@example.com', email_verified: false, name: 'Not Otto' };
    expect((await signIn(unverified)).profile).toMatchObject({ role: 'general', email: 'otto@example.com' });
    const silent = { sub: 'keycloak|silent-ada', email: 'ada@example.com', name: 'Silent' };
    expect((await signIn(silent)).profile.role).toBe('general');
    const verified = { sub: 'keycloak|real-otto', email: 'OTTO@example.com', email_verified: true, name: 'Real Otto' };
    expect((await signIn(verified)).profile.role).toBe('admin');
  });

  it('answers 403 to a general user on every admin route, and serves an admin', async () => {
    const { headers } = await signIn(general);
    const adminRoutes = routes.filter(({ route }) => route.access.roles?.join() === 'admin');
    expect(adminRoutes.map(({ method, url }) => `${method} ${url}`).sort()).toEqual([
      'GET /api/admin/analytics',
      'GET /api/admin/health',
      'GET /api/admin/imports',
      'GET /api/admin/imports/06037/rejects',
      'GET /api/admin/logs',
      'GET /api/admin/logs/export/csv',
      'GET /api/admin/replay/06037',
      'GET /api/admin/sessions',
      'GET /api/admin/user-activities',
      'GET /api/admin/user-activities/export/csv',
      'GET /api/admin/users',
      'GET /api/admin/watchlists',
      'GET /api/admin/webhook-deliveries',
      'PATCH /api/admin/users/06037',
      'POST /api/admin/imports',
      'POST /api/admin/imports/06037/replay',
      'POST /api/admin/jobs/06037/retry',
      'POST /api/admin/replay',
    ]);
    for (const { method, url } of adminRoutes) {
      const response = await call(method, url, headers, method === 'PATCH' ? { role: 'admin' } : undefined);
      expect({ route: `${method} ${url}`, status: response.statusCode }).toEqual({ route: `${method} ${url}`, status: 403 });
      expect(response.json().error.message).toBe('This needs the admin role; your role is general');
    }
    const { headers: adminHeaders } = await signIn(admin);
    expect((await call('GET', '/api/admin/users', adminHeaders)).statusCode).toBe(200);
  });

  it('lets an admin change a role at once, but nobody their own', async () => {
    const { headers: adminHeaders, profile: adminProfile } = await signIn(admin);
    const { headers: brokerHeaders, profile } = await signIn({ sub: 'local|bo', email: 'bo@example.com', name: 'Bo Broker' });
    const promoted = await call('PATCH', `/api/admin/users/${profile.id}`, adminHeaders, { role: 'broker' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ id: profile.id, role: 'broker', is_active: true, email: 'bo@example.com' });
    expect((await call('POST', '/api/user-profile', brokerHeaders, { sub: 'local|bo', email: 'bo@example.com', name: 'Bo Broker' })).json().role).toBe(
      'broker',
    );

    const self = await call('PATCH', `/api/admin/users/${adminProfile.id}`, adminHeaders, { role: 'general' });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('You cannot change your own role or activation; ask another admin');
    expect((await call('PATCH', '/api/admin/users/u_nobody', adminHeaders, { role: 'broker' })).statusCode).toBe(404);
    const empty = await call('PATCH', `/api/admin/users/${profile.id}`, adminHeaders, {});
    expect(empty.statusCode).toBe(400);
  });

  it("answers 404 to anyone but a watchlist's or webhook's owner, an admin included, on every such route, and takes no owner from a body", async () => {
    const owner = await signIn({ sub: 'local|wendy', email: 'wendy@example.com', name: 'Wendy Watcher' });
    const list = (await call('POST', '/api/watchlists', owner.headers, { name: 'Wendy book' })).json();
    const place = { kind: 'place', label: 'Dover, DE', latitude: 39.158, longitude: -75.524, radius_miles: 1 };
    const item = (await call('POST', `/api/watchlists/${list.id}/items`, owner.headers, place)).json();
    const bodies: Record<string, object> = { PATCH: { name: 'Taken over' }, POST: { ...place, label: 'Elsewhere' } };
    const hook = (await call('POST', '/api/me/webhooks', owner.headers, { url: 'https://hooks.example.com/wendy' })).json();
    const listRoutes = routes.filter(({ route }) => route.template.startsWith('/api/watchlists/{id}') || route.template.startsWith('/api/me/webhooks/{id}'));
    expect(listRoutes.length).toBeGreaterThanOrEqual(8);
    const others = [await signIn(general), await signIn(admin)];
    for (const { method, route } of listRoutes) {
      const url = route.template.replace('{id}', route.template.startsWith('/api/me/webhooks') ? hook.id : list.id).replace('{item_id}', item.id);
      for (const other of others) {
        const response = await call(method, url, other.headers, bodies[method]);
        expect({ route: routeName(route), status: response.statusCode }).toEqual({ route: routeName(route), status: 404 });
        expect(response.body).not.toContain('Wendy book');
      }
    }
    expect((await call('GET', `/api/watchlists/${list.id}`, owner.headers)).json()).toMatchObject({ name: 'Wendy book', places: 1 });
    expect((await call('GET', '/api/me/webhooks', owner.headers)).json().webhooks.map((kept: { id: string }) => kept.id)).toEqual([hook.id]);
    const forged = await call('POST', '/api/watchlists', others[0]!.headers, { name: 'Forged', owner_id: owner.profile.id });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.details).toContainEqual({ field: 'body.owner_id', reason: 'is not an allowed property' });
  });

  it('shuts a deactivated user out of everything but their profile, until reactivated', async () => {
    const { headers: adminHeaders } = await signIn(otherAdmin);
    const { headers, profile } = await signIn({ sub: 'local|dee', email: 'dee@example.com', name: 'Dee Activated' });
    expect((await call('PATCH', `/api/admin/users/${profile.id}`, adminHeaders, { is_active: false })).json().is_active).toBe(false);

    const refused = await call('GET', '/api/me/activity', headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your account is deactivated. Contact an administrator to restore access.');
    expect((await call('GET', '/api/facilities/DE-1', headers)).statusCode).toBe(403);
    const entry = { timestamp: new Date().toISOString(), level: 'ERROR', category: 'GLOBAL_ERROR', message: 'from a deactivated account' };
    for (const [url, payload] of [
      ['/api/logs', { logs: [entry] }],
      ['/api/log-activity', { activity_type: 'map_loaded' }],
    ] as const) {
      const telemetry = await call('POST', url, headers, payload);
      expect({ url, status: telemetry.statusCode }).toEqual({ url, status: 403 });
    }
    const stillProfile = await call('POST', '/api/user-profile', headers, { sub: 'local|dee', email: 'dee@example.com', name: 'Dee Activated' });
    expect(stillProfile.statusCode).toBe(200);
    expect(stillProfile.json().is_active).toBe(false);

    await call('PATCH', `/api/admin/users/${profile.id}`, adminHeaders, { is_active: true });
    expect((await call('GET', '/api/me/activity', headers)).statusCode).toBe(200);
  });

  it('answers 413 for a body over 256 KB and 400 naming the field for a malformed one', async () => {
    const entry = { timestamp: '2026-11-21T08:00:00.000Z', level: 'INFO', category: 'APP', message: 'x'.repeat(3_000) };
    const oversized = await call('POST', '/api/logs', { 'content-type': 'application/json' }, { logs: Array.from({ length: 95 }, () => entry) });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().error.code).toBe('PAYLOAD_TOO_LARGE');

    const tooMany = await call('POST', '/api/logs', {}, { logs: Array.from({ length: 101 }, () => ({ ...entry, message: 'm' })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details).toEqual([{ field: 'body.logs', reason: 'must NOT have more than 100 items' }]);

    const badLevel = await call('POST', '/api/logs', {}, { logs: [{ ...entry, level: 'LOUD' }] });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().error.code).toBe('VALIDATION_FAILED');
    expect(badLevel.json().error.details[0].field).toBe('body.logs[0].level');

    const notJson = await call('POST', '/api/log-activity', { 'content-type': 'application/json' }, '{"activity_type": ');
    expect(notJson.statusCode).toBe(400);

    const unknownActivity = await call('POST', '/api/log-activity', {}, { activity_type: 'teleported' });
    expect(unknownActivity.statusCode).toBe(400);
    expect(unknownActivity.json().error.details[0].field).toBe('body.activity_type');
  });
});
