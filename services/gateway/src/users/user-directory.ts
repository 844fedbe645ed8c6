/**
 * Users and their roles. ClickHouse's `users` table is the record (one row per change, the
 * highest version wins); the cache answers every request's "who is this and what may they do"
 * (docs/decisions/0022-chdb-discipline.md), and every change writes both, so another gateway
 * process sharing the cache sees a new role or a deactivation at once.
 */
import { createHash } from 'node:crypto';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { userCacheKey } from '@ust/read-model';
import { DEFAULT_ROLE, type Role, type UserRecord } from '@ust/schemas';
import { getUser } from '../queries/users/get-user.js';

/** A subject that never created a profile is remembered this long, so it does not query ClickHouse per request. */
const UNKNOWN_USER_TTL_SECONDS = 60;
const MISSING = '{"missing":true}';

/** The stable user id of an identity subject (`provider|id`): URL-safe, the same in every process. */
export function userIdOfSubject(sub: string): string {
  return `u_${createHash('sha256').update(sub).digest('hex').slice(0, 24)}`;
}

export interface ProfileSignIn {
  sub: string;
  /** From the verified token or the issuer's userinfo, never from a request body; null when the issuer gives none. */
  email: string | null;
  /** Whether the issuer verified the e-mail: ADMIN_EMAILS promotes only verified addresses. */
  emailVerified: boolean;
  name: string | null;
}

/**
 * A sign-in is written at most once per this interval per user: the web app posts its profile
 * on every visit, and each write is a ClickHouse insert, which chDB runs one at a time.
 */
export const SIGN_IN_WRITE_INTERVAL_MS = 5 * 60_000;

export interface UserChange {
  role?: Role;
  is_active?: boolean;
}

export interface UserDirectoryOptions {
  store: AnalyticsStore;
  cache: Cache;
  /** E-mail addresses (lower case) that become admins when their user is created. */
  adminEmails: readonly string[];
  now?: () => Date;
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;

export function createUserDirectory({ store, cache, adminEmails, now = () => new Date() }: UserDirectoryOptions) {
  const admins = new Set(adminEmails.map((email) => email.toLowerCase()));

  const loading = new Map<string, Promise<UserRecord | undefined>>();

  async function findById(id: string): Promise<UserRecord | undefined> {
    const cached = await cache.get(userCacheKey(id));
    if (cached !== null) return cached === MISSING ? undefined : (JSON.parse(cached) as UserRecord);
    // A burst of a new user's first calls shares one query.
    let pending = loading.get(id);
    if (!pending) {
      pending = loadUser(id).finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  }

  async function loadUser(id: string): Promise<UserRecord | undefined> {
    const user = await getUser(store, id);
    if (user) await cache.set(userCacheKey(id), JSON.stringify(user));
    else await cache.set(userCacheKey(id), MISSING, { ttlSeconds: UNKNOWN_USER_TTL_SECONDS });
    return user;
  }

  /** Writes a new version of the user to ClickHouse, then to the cache. */
  async function save(user: Omit<UserRecord, 'version'>, previous: UserRecord | undefined): Promise<UserRecord> {
    // Versions are change times in ms, kept strictly increasing even if two changes share one.
    const record: UserRecord = { ...user, version: Math.max(now().getTime(), (previous?.version ?? 0) + 1) };
    await store.insert('users', [record]);
    await cache.set(userCacheKey(record.id), JSON.stringify(record));
    return record;
  }

  const signingIn = new Map<string, Promise<UserRecord>>();

  async function recordSignInOf(id: string, { sub, email, emailVerified, name }: ProfileSignIn): Promise<UserRecord> {
    const previous = await findById(id);
    const at = now();
    if (previous?.last_login && at.getTime() - Date.parse(previous.last_login) < SIGN_IN_WRITE_INTERVAL_MS) return previous;
    const promoted = emailVerified && email !== null && admins.has(email.toLowerCase());
    const role: Role = previous?.role ?? (promoted ? 'admin' : DEFAULT_ROLE);
    const createdAt = previous?.created_at ?? at.toISOString();
    // A claim the issuer left out this time keeps the value it gave before (the record holds nothing else).
    const recorded = { email: email ?? (previous?.email || ''), name: name ?? previous?.name ?? null };
    return save(
      { id, auth0_user_id: sub, ...recorded, role, is_active: previous?.is_active ?? true, created_at: createdAt, last_login: at.toISOString() },
      previous,
    );
  }

  return {
    findById,

    /**
     * POST /user-profile: creates the user on first sign-in (role general, or admin for a
     * verified ADMIN_EMAILS address) or records the sign-in with the issuer's e-mail and name;
     * role and activation never change here. A user signed in within the last
     * SIGN_IN_WRITE_INTERVAL_MS is answered as recorded, without a write.
     */
    recordSignIn(signIn: ProfileSignIn): Promise<UserRecord> {
      const id = userIdOfSubject(signIn.sub);
      // Calls of one user at once share one read and at most one write.
      let pending = signingIn.get(id);
      if (!pending) {
        pending = recordSignInOf(id, signIn).finally(() => signingIn.delete(id));
        signingIn.set(id, pending);
      }
      return pending;
    },

    /** An admin's change of role or activation; undefined when there is no such user. */
    async change(id: string, change: UserChange): Promise<UserRecord | undefined> {
      const previous = await findById(id);
      if (!previous) return undefined;
      const { version: _version, ...current } = previous;
      return save({ ...current, ...change }, previous);
    },

    /**
     * Makes sure these users exist (the embedded provider's demo accounts, with their roles).
     * An existing user keeps what an admin set.
     */
    async ensureUsers(users: ReadonlyArray<{ sub: string; email: string; name: string | null; role: Role }>): Promise<void> {
      for (const { sub, email, name, role } of users) {
        const id = userIdOfSubject(sub);
        if (await findById(id)) continue;
        await save({ id, auth0_user_id: sub, email, name, role, is_active: true, created_at: now().toISOString(), last_login: null }, undefined);
      }
    },
  };
}
