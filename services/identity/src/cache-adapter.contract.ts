/**
 * What oidc-provider asks of its storage adapter (upsert, find, findByUid, findByUserCode,
 * consume, destroy, revokeByGrantId), asserted identically on each Cache adapter. Every test
 * works under its own random key prefix, so tests run in any order against a shared Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '@ust/platform';
import { eventually } from '@ust/platform/testing';
import type { AdapterConstructor, AdapterPayload } from 'oidc-provider';
import { cacheAdapter, IDENTITY_KEY_PREFIX } from './cache-adapter.js';

const HOUR = 3_600;
const epochSeconds = () => Math.floor(Date.now() / 1000);

/** A token's payload as oidc-provider hands it over (the fields the adapter reads, and some it must keep as they are). */
function tokenPayload(model: string, grantId: string, extra: Partial<AdapterPayload> = {}): AdapterPayload {
  return {
    kind: model,
    jti: randomUUID(),
    grantId,
    accountId: 'local|demo-admin',
    clientId: 'ust-web',
    iat: epochSeconds(),
    exp: epochSeconds() + HOUR,
    scope: 'openid profile email offline_access',
    claims: { id_token: { email: null } },
    ...extra,
  } as AdapterPayload;
}

export function describeCacheAdapterContract(cacheName: string, makeCache: () => Promise<Cache>): void {
  describe(`oidc-provider adapter on the ${cacheName} cache`, () => {
    let root: Cache;
    /** A fresh namespace for one test: its cache view and an adapter class on it. */
    const scoped = () => {
      const cache = root.withPrefix(`test:${randomUUID()}:`);
      return { cache, state: cache.withPrefix(IDENTITY_KEY_PREFIX), Adapter: cacheAdapter(cache) };
    };
    const construct = (Adapter: AdapterConstructor, model: string) => new Adapter(model);

    beforeAll(async () => {
      root = await makeCache();
    });
    afterAll(async () => {
      await root?.close();
    });

    it('finds what it stored, as JSON, apart per model and under idp: only', async () => {
      const { cache, Adapter } = scoped();
      const tokens = construct(Adapter, 'RefreshToken');
      const payload = tokenPayload('RefreshToken', 'grant-1');
      await tokens.upsert('same-id', payload, HOUR);
      await construct(Adapter, 'AccessToken').upsert('same-id', tokenPayload('AccessToken', 'grant-1'), HOUR);

      expect(await tokens.find('same-id')).toEqual(payload);
      expect(await construct(Adapter, 'AccessToken').find('same-id')).toMatchObject({ kind: 'AccessToken' });
      expect(await construct(Adapter, 'AuthorizationCode').find('same-id')).toBeUndefined();
      expect(await tokens.find('unknown')).toBeUndefined();
      for (const key of await cache.keys('')) expect(key.startsWith(IDENTITY_KEY_PREFIX), key).toBe(true);
    });

    it('replaces an entry on a second upsert', async () => {
      const { Adapter } = scoped();
      const sessions = construct(Adapter, 'Session');
      await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, HOUR);
      await sessions.upsert('s1', { uid: 'u1', accountId: 'b' }, HOUR);
      expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'b' });
    });

    it('keeps an entry exactly as long as oidc-provider says, and forever when it gives no lifetime', async () => {
      const { state, Adapter } = scoped();
      const interactions = construct(Adapter, 'Interaction');
      await interactions.upsert('long', { kind: 'Interaction' }, HOUR);
      await interactions.upsert('short', { kind: 'Interaction' }, 1);
      await interactions.upsert('kept', { kind: 'Interaction' });
      expect(await state.ttl('Interaction:long')).toBeGreaterThanOrEqual(HOUR - 1);
      expect(await state.ttl('Interaction:kept')).toBe(-1);
      expect(await eventually(async () => (await interactions.find('short')) === undefined, true)).toBe(true);
      expect(await interactions.find('long')).toBeDefined();
      expect(await interactions.find('kept')).toBeDefined();
    });

    it('takes lifetimes the cache would refuse (a fraction, one already over) as a second at least', async () => {
      const { state, Adapter } = scoped();
      const replays = construct(Adapter, 'ReplayDetection');
      await replays.upsert('fraction', { iat: 1 }, 59.5);
      await replays.upsert('over', { iat: 1 }, 0);
      expect(await state.ttl('ReplayDetection:fraction')).toBeGreaterThanOrEqual(59);
      expect(await state.ttl('ReplayDetection:fraction')).toBeLessThanOrEqual(60);
      expect(await state.ttl('ReplayDetection:over')).toBeLessThanOrEqual(1);
    });

    it('consume marks the entry used in epoch seconds and keeps its remaining lifetime and its other fields', async () => {
      const { state, Adapter } = scoped();
      const codes = construct(Adapter, 'AuthorizationCode');
      const payload = tokenPayload('AuthorizationCode', 'grant-1');
      await codes.upsert('code-1', payload, 60);
      const before = epochSeconds();
      await codes.consume('code-1');
      const consumed = await codes.find('code-1');
      expect(consumed).toEqual({ ...payload, consumed: expect.any(Number) });
      expect(consumed?.consumed).toBeGreaterThanOrEqual(before);
      expect(consumed?.consumed).toBeLessThanOrEqual(epochSeconds());
      const remaining = await state.ttl('AuthorizationCode:code-1');
      expect(remaining).toBeGreaterThanOrEqual(58);
      expect(remaining).toBeLessThanOrEqual(60);
      // Nothing to mark: no entry appears.
      await codes.consume('gone');
      expect(await codes.find('gone')).toBeUndefined();
    });

    it('destroy deletes the entry and its lookups, and tolerates an unknown id', async () => {
      const { Adapter } = scoped();
      const sessions = construct(Adapter, 'Session');
      await sessions.upsert('s1', { uid: 'uid-1', accountId: 'a' }, HOUR);
      await sessions.destroy('s1');
      expect(await sessions.find('s1')).toBeUndefined();
      expect(await sessions.findByUid('uid-1')).toBeUndefined();
      await expect(sessions.destroy('never-stored')).resolves.toBeUndefined();
    });

    it('findByUid finds a Session by its uid, also after its id was renewed', async () => {
      const { Adapter } = scoped();
      const sessions = construct(Adapter, 'Session');
      await sessions.upsert('s1', { uid: 'uid-1', accountId: 'a' }, HOUR);
      expect(await sessions.findByUid('uid-1')).toEqual({ uid: 'uid-1', accountId: 'a' });
      expect(await sessions.findByUid('uid-unknown')).toBeUndefined();

      // oidc-provider renews a session's id at sign-in: the old one is destroyed, then the new saved.
      await sessions.destroy('s1');
      await sessions.upsert('s2', { uid: 'uid-1', accountId: 'b' }, HOUR);
      expect(await sessions.findByUid('uid-1')).toEqual({ uid: 'uid-1', accountId: 'b' });
      // Destroyed after the new one was saved, the old one leaves the new one's lookup alone.
      await sessions.upsert('s3', { uid: 'uid-1', accountId: 'c' }, HOUR);
      await sessions.destroy('s2');
      expect(await sessions.findByUid('uid-1')).toEqual({ uid: 'uid-1', accountId: 'c' });
      // A lookup left over from an entry that now has another uid finds nothing.
      await sessions.upsert('s3', { uid: 'uid-2', accountId: 'c' }, HOUR);
      expect(await sessions.findByUid('uid-1')).toBeUndefined();
      expect(await sessions.findByUid('uid-2')).toMatchObject({ accountId: 'c' });
    });

    it('findByUserCode finds a DeviceCode by its user code', async () => {
      const { Adapter } = scoped();
      const deviceCodes = construct(Adapter, 'DeviceCode');
      const payload = tokenPayload('DeviceCode', 'grant-1', { userCode: 'ABCD-EFGH' });
      await deviceCodes.upsert('dc-1', payload, 600);
      expect(await deviceCodes.findByUserCode('ABCD-EFGH')).toEqual(payload);
      expect(await deviceCodes.findByUserCode('ZZZZ-ZZZZ')).toBeUndefined();
      await deviceCodes.destroy('dc-1');
      expect(await deviceCodes.findByUserCode('ABCD-EFGH')).toBeUndefined();
    });

    it("revokeByGrantId deletes every token of the grant, whatever its model, and nothing of another grant's", async () => {
      const { state, Adapter } = scoped();
      const [accessTokens, codes, refreshTokens] = ['AccessToken', 'AuthorizationCode', 'RefreshToken'].map((model) => construct(Adapter, model));
      await codes!.upsert('code-1', tokenPayload('AuthorizationCode', 'grant-1'), 60);
      await codes!.consume('code-1');
      await accessTokens!.upsert('at-1', tokenPayload('AccessToken', 'grant-1'), HOUR);
      await refreshTokens!.upsert('rt-1', tokenPayload('RefreshToken', 'grant-1'), 12 * HOUR);
      await refreshTokens!.upsert('rt-2', tokenPayload('RefreshToken', 'grant-1'), 12 * HOUR);
      await refreshTokens!.destroy('rt-2'); // already gone when the grant is revoked
      await refreshTokens!.upsert('rt-other', tokenPayload('RefreshToken', 'grant-2'), 12 * HOUR);

      // oidc-provider calls it on each token model; the first call does it all.
      await Promise.all([accessTokens, codes, refreshTokens].map((adapter) => adapter!.revokeByGrantId('grant-1')));
      expect(await codes!.find('code-1')).toBeUndefined();
      expect(await accessTokens!.find('at-1')).toBeUndefined();
      expect(await refreshTokens!.find('rt-1')).toBeUndefined();
      expect(await state.hgetall('grant:grant-1')).toEqual({});
      expect(await refreshTokens!.find('rt-other')).toBeDefined();
      await expect(refreshTokens!.revokeByGrantId('grant-unknown')).resolves.toBeUndefined();
    });

    it("keeps a grant's index as long as its longest-lived token, also when tokens are saved at once", async () => {
      const { state, Adapter } = scoped();
      const accessTokens = construct(Adapter, 'AccessToken');
      const refreshTokens = construct(Adapter, 'RefreshToken');
      await refreshTokens.upsert('rt-1', tokenPayload('RefreshToken', 'grant-1'), 12 * HOUR);
      await accessTokens.upsert('at-1', tokenPayload('AccessToken', 'grant-1'), 60);
      expect(await state.ttl('grant:grant-1')).toBeGreaterThanOrEqual(12 * HOUR - 1);

      // Saved together, the shorter one read first must not set the index's expiry last.
      await Promise.all([
        accessTokens.upsert('at-2', tokenPayload('AccessToken', 'grant-2'), 60),
        refreshTokens.upsert('rt-2', tokenPayload('RefreshToken', 'grant-2'), 12 * HOUR),
        accessTokens.upsert('at-3', tokenPayload('AccessToken', 'grant-2'), 60),
      ]);
      expect(await state.ttl('grant:grant-2')).toBeGreaterThanOrEqual(12 * HOUR - 1);
      expect(Object.keys(await state.hgetall('grant:grant-2')).sort()).toEqual(['AccessToken:at-2', 'AccessToken:at-3', 'RefreshToken:rt-2']);

      // Models outside grants (a Session has no tokens to revoke) are not indexed.
      await construct(Adapter, 'Session').upsert('s1', { uid: 'u1', grantId: 'grant-3' } as AdapterPayload, HOUR);
      expect(await state.hgetall('grant:grant-3')).toEqual({});
    });

    it('lets a second adapter on the same cache (another replica, or the process restarted) carry on', async () => {
      const { cache, Adapter } = scoped();
      const first = construct(Adapter, 'RefreshToken');
      const second = construct(cacheAdapter(cache), 'RefreshToken');
      await first.upsert('rt-1', tokenPayload('RefreshToken', 'grant-1'), 12 * HOUR);
      await second.consume('rt-1');
      expect((await first.find('rt-1'))?.consumed).toEqual(expect.any(Number));
      await construct(cacheAdapter(cache), 'Session').upsert('s1', { uid: 'uid-1' }, HOUR);
      expect(await construct(Adapter, 'Session').findByUid('uid-1')).toEqual({ uid: 'uid-1' });
      await second.revokeByGrantId('grant-1');
      expect(await first.find('rt-1')).toBeUndefined();
    });
  });
}
