/**
 * Keycloak as the external issuer (OIDC_ISSUER), set up as deploy/README.md says: tokens
 * come from the real authorization code flow with PKCE against a real Keycloak, and the gateway
 * trusts them only for its audience, takes identity from the verified token
 * (docs/decisions/0032-identity-from-token.md), and promotes an ADMIN_EMAILS address only when
 * Keycloak says it is verified.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@ust/platform';
import {
  createKeycloakRealm,
  KEYCLOAK_READY_TIMEOUT_MS,
  resolveKeycloak,
  type KeycloakRealm,
  type KeycloakTestUser,
  type RunningKeycloak,
} from '@ust/platform/testing';
import { startStandalone, type Standalone } from './start-standalone.js';

const log = createLogger('keycloak-issuer-test', { level: 'silent' });
const AUDIENCE = 'https://api.ust-risk.test';

const user = (username: string, email: string, emailVerified: boolean, firstName: string): KeycloakTestUser => ({
  username,
  password: `${username}-${randomUUID()}`,
  email,
  emailVerified,
  firstName,
  lastName: 'Tester',
});
const ordinary = user('underwriter', 'underwriter@example.com', true, 'Uma');
const admin = user('risk-admin', 'risk-admin@example.com', true, 'Ada');
const unverifiedAdmin = user('unverified-admin', 'unverified-admin@example.com', false, 'Una');

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

describe('Keycloak as the external issuer', () => {
  let keycloak: RunningKeycloak;
  let realm: KeycloakRealm;
  let standalone: Standalone;
  let dataDir: string;

  beforeAll(async () => {
    keycloak = await resolveKeycloak();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-keycloak-e2e-'));
    const env = { DATA_DIR: dataDir, DEMO_SCALE: 'fixtures', ADMIN_EMAILS: `${admin.email},${unverifiedAdmin.email}` };
    realm = await createKeycloakRealm(keycloak, {
      realm: `ust-${randomUUID().slice(0, 8)}`,
      publicUrl: loadConfig(env).publicUrl,
      audience: AUDIENCE,
      users: [ordinary, admin, unverifiedAdmin],
      clientsWithoutAudience: ['other-app'],
    });
    standalone = await startStandalone({ config: loadConfig({ ...env, OIDC_ISSUER: realm.issuer, OIDC_AUDIENCE: AUDIENCE }), log, listen: false });
  }, KEYCLOAK_READY_TIMEOUT_MS + 300_000);
  afterAll(async () => {
    await standalone?.close();
    await keycloak?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Signs in at Keycloak, then tells the platform, as the web app does after sign-in; answers the role. */
  async function signIn(who: KeycloakTestUser) {
    const { access_token: token } = await realm.signIn(who);
    const headers = { authorization: `Bearer ${token}` };
    const profile = await standalone.gateway.inject({ method: 'POST', url: '/api/user-profile', headers, payload: { sub: claimsOf(token).sub } });
    expect(profile.statusCode).toBe(200);
    const get = (url: string) => standalone.gateway.inject({ method: 'GET', url, headers });
    return { token, role: profile.json().role as string, profile: profile.json(), get };
  }

  it("puts what the gateway needs in Keycloak's access tokens: its issuer, the API audience, the identity claims", async () => {
    const { token, profile } = await signIn(ordinary);
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ iss: realm.issuer, azp: 'ust-web', email: ordinary.email, email_verified: true, name: 'Uma Tester' });
    expect(claims.aud).toContain(AUDIENCE);
    expect(profile).toMatchObject({ sub: claims.sub, email: ordinary.email, name: 'Uma Tester', role: 'general', is_active: true });
  });

  it('lets an ordinary user read the data and refuses them the admin API', async () => {
    const { role, get } = await signIn(ordinary);
    expect(role).toBe('general');
    const statistics = await get('/api/facilities-statistics');
    expect(statistics.statusCode).toBe(200);
    expect(statistics.json()).toMatchObject({ total_facilities: 13_696, total_tanks: 23_615 });
    const users = await get('/api/admin/users');
    expect(users.statusCode).toBe(403);
    expect(users.json().error.message).toBe('This needs the admin role; your role is general');
  });

  it('makes the user whose verified e-mail is in ADMIN_EMAILS an admin', async () => {
    const { role, get } = await signIn(admin);
    expect(role).toBe('admin');
    const users = await get('/api/admin/users');
    expect(users.statusCode).toBe(200);
    expect(users.json().users).toContainEqual(expect.objectContaining({ email: admin.email, role: 'admin' }));
  });

  it('leaves an ADMIN_EMAILS address that Keycloak has not verified an ordinary user', async () => {
    const { token, role, get } = await signIn(unverifiedAdmin);
    expect(claimsOf(token)).toMatchObject({ email: unverifiedAdmin.email, email_verified: false });
    expect(role).toBe('general');
    expect((await get('/api/admin/users')).statusCode).toBe(403);
  });

  it('refuses a Keycloak token without the API audience', async () => {
    // Another app of the same realm: same issuer, same keys, but its tokens are not for this API.
    const { access_token: token } = await realm.signIn(ordinary, 'other-app');
    expect(claimsOf(token).aud ?? []).not.toContain(AUDIENCE);
    const response = await standalone.gateway.inject({ method: 'GET', url: '/api/facilities-statistics', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/^Access token rejected: .*\baud\b/);
  });
});
