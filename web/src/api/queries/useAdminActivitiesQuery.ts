import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/useAuth';
import { useApiClient } from '../api-context';

/** SPEC.md section 9: the 50 newest activities. */
export const ADMIN_ACTIVITIES_LIMIT = 50;

/** GET /api/admin/user-activities?limit=50 (admin role only). */
export function useAdminActivitiesQuery() {
  const api = useApiClient();
  const { status } = useAuth();
  return useQuery({
    queryKey: ['admin', 'user-activities'],
    queryFn: ({ signal }) => api.call('GET /api/admin/user-activities', { query: { limit: ADMIN_ACTIVITIES_LIMIT }, signal }),
    select: (response) => response.activities,
    enabled: status === 'authenticated',
    staleTime: 0,
  });
}
