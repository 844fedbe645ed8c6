import type { AnalyticsStore } from '@ust/platform';
import type { AdminUser } from '@ust/schemas';

/**
 * Every user in its latest version (FINAL over the version column), with the number of its
 * activities for the User Management tab. Recently signed-in users first; never signed-in last.
 * Activities are counted once per event id (FINAL) and matched on the identity subject, which is
 * what activities carry.
 */
export async function listUsersWithActivityCounts(store: AnalyticsStore): Promise<AdminUser[]> {
  return store.query<AdminUser>(
    `SELECT u.id AS id, u.auth0_user_id AS auth0_user_id, u.email AS email, u.name AS name, u.role AS role,
            concat(replaceOne(toString(u.created_at), ' ', 'T'), 'Z') AS created_at,
            concat(replaceOne(toString(u.last_login), ' ', 'T'), 'Z') AS last_login,
            u.is_active AS is_active, a.activity_count AS activity_count
     FROM users AS u FINAL
     LEFT JOIN (
       SELECT assumeNotNull(auth0_user_id) AS auth0_user_id, count() AS activity_count
       FROM user_activities FINAL
       WHERE auth0_user_id IS NOT NULL
       GROUP BY auth0_user_id
     ) AS a ON a.auth0_user_id = u.auth0_user_id
     ORDER BY u.last_login DESC NULLS LAST, u.email ASC, u.id ASC`,
  );
}
