import type { AnalyticsStore } from '@ust/platform';
import type { UserRecord } from '@ust/schemas';

/**
 * The current version of one user, or undefined. Only the user directory calls this, on a
 * cache miss: requests read roles from the cache
 * (docs/decisions/0022-chdb-discipline.md).
 */
export async function getUser(store: AnalyticsStore, id: string): Promise<UserRecord | undefined> {
  const [row] = await store.query<UserRecord>(
    `SELECT id, auth0_user_id, email, name, role, is_active,
            concat(replaceOne(toString(created_at), ' ', 'T'), 'Z') AS created_at,
            if(isNull(last_login), NULL, concat(replaceOne(toString(assumeNotNull(last_login)), ' ', 'T'), 'Z')) AS last_login,
            version
     FROM users FINAL WHERE id = {id:String} LIMIT 1`,
    { id },
  );
  return row;
}
