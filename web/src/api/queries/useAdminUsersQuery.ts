import { useAuthedQuery } from '../authed-query';

export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

/** GET /api/admin/users: every user with their activity count (admin role only). */
export function useAdminUsersQuery() {
  return useAuthedQuery({
    queryKey: ADMIN_USERS_QUERY_KEY,
    queryFn: (api, { signal }) => api.call('GET /api/admin/users', { signal }),
    select: (response) => response.users,
    staleTime: 0,
  });
}
