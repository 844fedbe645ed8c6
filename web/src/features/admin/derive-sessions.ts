/**
 * docs/product.md section 7: when GET /admin/sessions fails, the Active Sessions tab derives
 * sessions from the activities it already holds, grouped per user per calendar day, first 20.
 * The day is the UTC day, as the platform stores every time in UTC, so two admins in
 * different time zones see the same sessions.
 */
import type { AdminActivity, AdminSession } from '@ust/schemas';
import { ADMIN_SESSIONS_LIMIT } from '../../api/queries/useAdminSessionsQuery';
import { derivedSessionId } from './admin-format';

export function deriveSessions(activities: readonly AdminActivity[], limit: number = ADMIN_SESSIONS_LIMIT): AdminSession[] {
  const groups = new Map<string, AdminActivity[]>();
  for (const activity of activities) {
    const key = `${activity.auth0_user_id ?? ''}\u0000${activity.timestamp.slice(0, 10)}`;
    const group = groups.get(key);
    if (group) group.push(activity);
    else groups.set(key, [activity]);
  }
  const sessions = [...groups.values()].map((group): AdminSession => {
    const times = group.map((activity) => activity.timestamp).sort();
    const first = group[0]!;
    const pages = new Set(group.flatMap((activity) => (activity.page ? [activity.page] : [])));
    return {
      session_id: derivedSessionId(first.timestamp.slice(0, 10), first.auth0_user_id),
      user_id: first.auth0_user_id,
      start_time: times[0]!,
      last_activity: times[times.length - 1]!,
      activity_count: group.length,
      pages_visited: [...pages].sort(),
    };
  });
  // Most recently active first, like the server's list; ISO UTC strings sort as times.
  sessions.sort((a, b) => (a.last_activity < b.last_activity ? 1 : a.last_activity > b.last_activity ? -1 : a.session_id.localeCompare(b.session_id)));
  return sessions.slice(0, limit);
}
