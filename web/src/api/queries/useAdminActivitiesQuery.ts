import { useAuthedQuery } from '../authed-query';

/** docs/product.md section 9: the 50 newest activities. */
export const ADMIN_ACTIVITIES_LIMIT = 50;

/** GET /api/admin/user-activities?limit=50 (admin role only). */
export function useAdminActivitiesQuery() {
  return useAuthedQuery({
    queryKey: ['admin', 'user-activities'],
    queryFn: (api, { signal }) => api.call('GET /api/admin/user-activities', { query: { limit: ADMIN_ACTIVITIES_LIMIT }, signal }),
    select: (response) => response.activities,
    staleTime: 0,
  });
}
