/**
 * Users and their roles. ClickHouse's `users` table is the record (one row per change, the
 * highest version wins); the cache answers every request's "who is this and what may they do"
 * (DECISIONS.md 22), and every change writes both, so another gateway process sharing the
 * cache sees a new role or a deactivation at once.
 */
import { createHash } from 'node:crypto';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { DEFAULT_ROLE, type Role, type UserRecord } from '@ust/schemas';
import { getUser } from '../queries/users/get-user.js';

/** A subject that never created a profile is remembered this long, so it does not query ClickHouse per request. */
const UNKNOWN_USER_TTL_SECONDS = 60;
const MISSING = '{"missing":true}';

/** The stable user id of an identity subject (`provider|id`): URL-safe, the same in every process. */
export function userIdOfSubject(sub: string): string {
  return `u_${createHash('sha256').update(sub).digest('hex').slice(0, 24)}`;
}

export const userCacheKey = (id: string) => `user:${id}`;

export interface ProfileSignIn {
  sub: string;
  email: string;
  name: string | null;
}

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

  async function findById(id: string): Promise<UserRecord | undefined> {
    const cached = await cache.get(userCacheKey(id));
    if (cached !== null) return cached === MISSING ? undefined : (JSON.parse(cached) as UserRecord);
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

  return {
    findById,

    /**
     * POST /user-profile: creates the user on first sign-in (role general, or admin for an
     * ADMIN_EMAILS address) or records the sign-in; role and activation never change here.
     */
    async recordSignIn({ sub, email, name }: ProfileSignIn): Promise<UserRecord> {
      const id = userIdOfSubject(sub);
      const previous = await findById(id);
      const at = now().toISOString();
      const role: Role = previous?.role ?? (admins.has(email.toLowerCase()) ? 'admin' : DEFAULT_ROLE);
      return save(
        { id, auth0_user_id: sub, email, name, role, is_active: previous?.is_active ?? true, created_at: previous?.created_at ?? at, last_login: at },
        previous,
      );
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
    async ensureUsers(users: ReadonlyArray<ProfileSignIn & { role: Role }>): Promise<void> {
      for (const { sub, email, name, role } of users) {
        const id = userIdOfSubject(sub);
        if (await findById(id)) continue;
        await save({ id, auth0_user_id: sub, email, name, role, is_active: true, created_at: now().toISOString(), last_login: null }, undefined);
      }
    },
  };
}
