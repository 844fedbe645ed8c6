import { useAuthedQuery } from '../authed-query';

/** docs/product.md section 9: the 20 most recently active sessions. */
export const ADMIN_SESSIONS_LIMIT = 20;

/** GET /api/admin/sessions?limit=20 (admin role only). */
export function useAdminSessionsQuery() {
  return useAuthedQuery({
    queryKey: ['admin', 'sessions'],
    queryFn: (api, { signal }) => api.call('GET /api/admin/sessions', { query: { limit: ADMIN_SESSIONS_LIMIT }, signal }),
    select: (response) => response.sessions,
    staleTime: 0,
  });
}
