/**
 * oidc-provider's storage on the platform's Cache port (docs/decisions/0104-identity-state-on-the-cache.md):
 * sessions, grants, interactions, codes and refresh tokens live in the process's cache, the
 * in-memory one saved to `DATA_DIR/cache.snapshot` in the embedded platform and Redis in
 * production, so they outlive a restart and every replica on one Redis sees the same ones.
 *
 * Every key lies under `idp:` (beside the platform's own keys, never among them):
 *
 * | key | value |
 * |---|---|
 * | `idp:{Model}:{id}` | the model's payload as JSON, expiring when oidc-provider says (Session, Grant, RefreshToken, ...) |
 * | `idp:grant:{grantId}` | hash: one field per stored token of the grant (its key), so revoking the grant finds them all |
 * | `idp:uid:{uid}` | the id of the Session with that uid |
 * | `idp:userCode:{code}` | the id of the DeviceCode with that user code |
 *
 * The reference is oidc-provider's own memory adapter (lib/adapters/memory_adapter.js).
 */
import type { Cache, SetOptions } from '@ust/platform';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';

/** The prefix of every key the provider writes. */
export const IDENTITY_KEY_PREFIX = 'idp:';

/** Models whose entries belong to a grant: revoking the grant (a reused refresh token or code, a sign-out) deletes them. */
const GRANT_MEMBERS: ReadonlySet<string> = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

const entryKey = (model: string, id: string) => `${model}:${id}`;
const grantKey = (grantId: string) => `grant:${grantId}`;
const sessionUidKey = (uid: string) => `uid:${uid}`;
const userCodeKey = (userCode: string) => `userCode:${userCode}`;

const epochSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The cache's expiry for oidc-provider's `expiresIn`: none when it gives none. The cache takes
 * whole positive seconds only (as Redis' EX does); a lifetime already over is kept for a second
 * rather than refused, and oidc-provider itself rejects the expired entry by its `exp`.
 */
function expiryOf(expiresIn: number | undefined): SetOptions {
  return expiresIn === undefined ? {} : { ttlSeconds: Math.max(1, Math.ceil(expiresIn)) };
}

async function readPayload(store: Cache, key: string): Promise<AdapterPayload | undefined> {
  const stored = await store.get(key);
  return stored === null ? undefined : (JSON.parse(stored) as AdapterPayload);
}

/**
 * Runs `task` after every earlier task of the same `key` in this process has settled: two saves
 * of one grant (a sign-in and a refresh at once) must not read the index's expiry before either
 * has extended it, or the shorter extension could land last.
 */
function keyedQueue(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return (key, task) => {
    // A tail never rejects (see below), so the task runs whatever the one before it did.
    const run = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/**
 * Adds `memberKey` to the grant's index and makes the index last at least as long as the member,
 * so that a revocation finds every token still alive. The Cache port has no "extend only" expiry,
 * so the index's expiry is read and raised; a new index (HSET creates it without one, TTL -1)
 * takes the member's. Tokens always come with a lifetime; one without leaves the expiry as it is.
 */
async function addGrantMember(store: Cache, grantId: string, memberKey: string, ttlSeconds: number | undefined): Promise<void> {
  const key = grantKey(grantId);
  await store.hset(key, { [memberKey]: '1' });
  if (ttlSeconds === undefined) return;
  const remaining = await store.ttl(key);
  if (remaining === -1 || remaining < ttlSeconds) await store.expire(key, ttlSeconds);
}

/** Deletes a lookup key unless it already names another entry (a Session keeps its uid when its id is renewed). */
async function deleteLookup(store: Cache, lookupKey: string, id: string): Promise<void> {
  if ((await store.get(lookupKey)) === id) await store.del(lookupKey);
}

/** The adapter class oidc-provider's `adapter` option takes: one instance per model, all on `cache`. */
export function cacheAdapter(cache: Cache): AdapterConstructor {
  const store = cache.withPrefix(IDENTITY_KEY_PREFIX);
  const serialized = keyedQueue();

  return class CacheAdapter implements Adapter {
    readonly #model: string;

    constructor(model: string) {
      this.#model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const key = entryKey(this.#model, id);
      const expiry = expiryOf(expiresIn);
      // The index first: a crash between the two writes leaves a member with no token (harmless),
      // never a token that revoking its grant would miss.
      const { grantId } = payload;
      if (grantId && GRANT_MEMBERS.has(this.#model)) {
        await serialized(grantKey(grantId), () => addGrantMember(store, grantId, key, expiry.ttlSeconds));
      }
      // The entry and its lookups share its lifetime, written in one round trip (one transaction on Redis).
      const entries: Array<readonly [string, string]> = [[key, JSON.stringify(payload)]];
      if (this.#model === 'Session' && payload.uid) entries.push([sessionUidKey(payload.uid), id]);
      if (payload.userCode) entries.push([userCodeKey(payload.userCode), id]);
      await store.setMany(entries, expiry);
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return readPayload(store, entryKey(this.#model, id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.#findByLookup(sessionUidKey(uid), (payload) => payload.uid === uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.#findByLookup(userCodeKey(userCode), (payload) => payload.userCode === userCode);
    }

    /**
     * Marks the entry used (a code exchanged, a refresh token rotated) and keeps it until it
     * expires as it would have: a second use is then recognised, and revokes the grant.
     */
    async consume(id: string): Promise<void> {
      const key = entryKey(this.#model, id);
      const [payload, remaining] = await Promise.all([readPayload(store, key), store.ttl(key)]);
      if (!payload || remaining === -2) return;
      const expiry: SetOptions = remaining === -1 ? {} : { ttlSeconds: Math.max(1, remaining) };
      await store.set(key, JSON.stringify({ ...payload, consumed: epochSeconds() }), expiry);
    }

    /**
     * Deletes the entry and the lookups that name it. Its line in a grant's index stays (the
     * port has no HDEL): revoking the grant then deletes a key that is already gone.
     */
    async destroy(id: string): Promise<void> {
      const key = entryKey(this.#model, id);
      const payload = await readPayload(store, key);
      await store.del(key);
      if (payload?.uid && this.#model === 'Session') await deleteLookup(store, sessionUidKey(payload.uid), id);
      if (payload?.userCode) await deleteLookup(store, userCodeKey(payload.userCode), id);
    }

    /**
     * Deletes every token of the grant, whatever its model (oidc-provider calls this once per
     * model, and the first call does it all), then the index. Lookups of deleted entries find
     * nothing afterwards and expire with them.
     */
    async revokeByGrantId(grantId: string): Promise<void> {
      const key = grantKey(grantId);
      const members = Object.keys(await store.hgetall(key));
      await store.del(...members, key);
    }

    /** The entry a lookup key names, if it still carries that uid or user code (a lookup may outlive a renewed entry). */
    async #findByLookup(lookupKey: string, matches: (payload: AdapterPayload) => boolean): Promise<AdapterPayload | undefined> {
      const id = await store.get(lookupKey);
      if (id === null) return undefined;
      const payload = await this.find(id);
      return payload && matches(payload) ? payload : undefined;
    }
  };
}
