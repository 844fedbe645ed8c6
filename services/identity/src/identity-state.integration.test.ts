/**
 * The provider's sessions and refresh tokens on the Cache port, through its real HTTP flow: a
 * sign-in on one provider is carried on by another on the same cache, as by a second replica on
 * one Redis or by the embedded platform restarted on its cache snapshot.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createMemoryCache, createRedisCache, type Cache } from '@ust/platform';
import { findDemoAccount, type DemoAccount } from './demo-accounts.js';
import {
  browser,
  CookieJar,
  createPkce,
  signInThroughInject,
  startTestIdentity,
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
  TEST_ISSUER,
  TEST_ORIGIN,
  type TestIdentity,
  type TokenSet,
} from './testing/index.js';

const REDIRECT_URI = `${TEST_ORIGIN}/callback`;

let dataDir: string;
let admin: DemoAccount;
const started: TestIdentity[] = [];
const caches: Cache[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-identity-state-'));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((identity) => identity.close()));
  await Promise.all(caches.splice(0).map((cache) => cache.close()));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** A provider on `cache`; every one of them shares DATA_DIR/identity (signing and cookie keys), as replicas do. */
async function provider(cache: Cache): Promise<TestIdentity> {
  const identity = await startTestIdentity(dataDir, cache);
  started.push(identity);
  admin = findDemoAccount(identity.identity.accounts, 'admin') as DemoAccount;
  return identity;
}

function own<T extends Cache>(cache: T): T {
  caches.push(cache);
  return cache;
}

function signIn(on: TestIdentity, jar?: CookieJar): Promise<TokenSet> {
  return signInThroughInject(on.app, {
    issuer: TEST_ISSUER,
    clientId: TEST_CLIENT_ID,
    redirectUri: REDIRECT_URI,
    email: admin.email,
    password: admin.password,
    jar,
  });
}

async function refresh(on: TestIdentity, refreshToken: string) {
  const response = await browser(on.app, TEST_ISSUER).request('POST', `${TEST_ISSUER}/token`, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: TEST_CLIENT_ID,
  });
  return { status: response.statusCode, body: response.json<TokenSet & { error?: string }>() };
}

async function expectAdminAccessToken(on: TestIdentity, token: string): Promise<void> {
  const { payload } = await jwtVerify(token, createLocalJWKSet(on.identity.publicJwks() as never), {
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    algorithms: ['RS256'],
  });
  expect(payload.sub).toBe('local|demo-admin');
}

/** A silent renewal (prompt=none) with the browser's cookies: answers a code only while the provider finds its session. */
async function renewsSilently(on: TestIdentity, jar: CookieJar): Promise<boolean> {
  const url = new URL(`${TEST_ISSUER}/auth`);
  url.search = new URLSearchParams({
    client_id: TEST_CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${TEST_ORIGIN}/silent-renew.html`,
    scope: 'openid profile email',
    prompt: 'none',
    code_challenge: createPkce().challenge,
    code_challenge_method: 'S256',
  }).toString();
  const response = await browser(on.app, TEST_ISSUER, jar).request('GET', url.href);
  return new URL(String(response.headers.location)).searchParams.has('code');
}

describe('two replicas on one redis-server', () => {
  it('refreshes on the second a token issued by the first, and a reused token revokes the grant on both', async () => {
    // Two connections, as two processes have, on one namespace of the test Redis.
    const namespace = `identity-state:${randomUUID()}:`;
    const first = await provider(own(createRedisCache({ url: inject('redisUrl') })).withPrefix(namespace));
    const second = await provider(own(createRedisCache({ url: inject('redisUrl') })).withPrefix(namespace));

    const issued = await signIn(first);
    const onSecond = await refresh(second, issued.refresh_token as string);
    expect(onSecond.status).toBe(200);
    await expectAdminAccessToken(second, onSecond.body.access_token);
    expect(onSecond.body.refresh_token).not.toBe(issued.refresh_token);

    const backOnFirst = await refresh(first, onSecond.body.refresh_token as string);
    expect(backOnFirst.status).toBe(200);

    // The first token, rotated on the second replica, presented again to the first: refused, and
    // the grant is revoked, so the newest token of the chain is refused on the second as well.
    expect(await refresh(first, issued.refresh_token as string)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await refresh(second, backOnFirst.body.refresh_token as string)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it("finds the browser's provider session on the other replica", async () => {
    const namespace = `identity-state:${randomUUID()}:`;
    const first = await provider(own(createRedisCache({ url: inject('redisUrl') })).withPrefix(namespace));
    const second = await provider(own(createRedisCache({ url: inject('redisUrl') })).withPrefix(namespace));
    const jar = new CookieJar();
    await signIn(first, jar);
    expect(await renewsSilently(second, jar)).toBe(true);
  });
});

describe('the embedded cache restarted from its snapshot', () => {
  it('refreshes the token and finds the session after a stop and a start', async () => {
    const snapshotFile = path.join(dataDir, `cache-${randomUUID()}.snapshot`);
    const before = await provider(createMemoryCache({ snapshotFile }));
    const jar = new CookieJar();
    const issued = await signIn(before, jar);
    // The process stops: its cache writes what changed since the snapshot.
    await before.cache.close();

    const after = await provider(own(createMemoryCache({ snapshotFile })));
    const refreshed = await refresh(after, issued.refresh_token as string);
    expect(refreshed.status).toBe(200);
    await expectAdminAccessToken(after, refreshed.body.access_token);
    expect(await renewsSilently(after, jar)).toBe(true);
    // The rotated token stays used across the restart: presented again, it is refused.
    expect(await refresh(after, issued.refresh_token as string)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refreshes the token after a kill, from the changes the cache saves while it runs', async () => {
    const snapshotFile = path.join(dataDir, `cache-${randomUUID()}.snapshot`);
    // The periodic save (10 s in a running platform) made quick for the test. It writes the
    // changes beside a snapshot, here one of a dataset that went live before the sign-in.
    const running = own(createMemoryCache({ snapshotFile, changesSaveIntervalMs: 50 }));
    await running.set('v1:stats', 'x'.repeat(200_000));
    await running.persist();
    const before = await provider(running);
    const issued = await signIn(before);
    // The refresh token is the sign-in's last write, and a changes file holds every change since
    // the snapshot: once one names the token, it holds the session and the grant too. (Read as
    // bytes: a cache opened on the file meanwhile would remove the save in progress.)
    await expect.poll(() => savedChangesMention(snapshotFile, 'idp:RefreshToken:'), { timeout: 5_000 }).toBe(true);

    // Read as a restart after kill -9 would, the killed process's cache never closed.
    const after = await provider(own(createMemoryCache({ snapshotFile })));
    const refreshed = await refresh(after, issued.refresh_token as string);
    expect(refreshed.status).toBe(200);
    await expectAdminAccessToken(after, refreshed.body.access_token);
  });
});

/** Whether the changes file beside the snapshot holds a key starting with `keyPrefix` (keys are stored as UTF-8). */
async function savedChangesMention(snapshotFile: string, keyPrefix: string): Promise<boolean> {
  const changes = await readFile(`${snapshotFile}.changes`).catch(() => Buffer.alloc(0));
  return changes.includes(keyPrefix);
}
