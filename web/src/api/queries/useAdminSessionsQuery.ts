import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/useAuth';
import { useApiClient } from '../api-context';

/** SPEC.md section 9: the 20 most recently active sessions. */
export const ADMIN_SESSIONS_LIMIT = 20;

/** GET /api/admin/sessions?limit=20 (admin role only). */
export function useAdminSessionsQuery() {
  const api = useApiClient();
  const { status } = useAuth();
  return useQuery({
    queryKey: ['admin', 'sessions'],
    queryFn: ({ signal }) => api.call('GET /api/admin/sessions', { query: { limit: ADMIN_SESSIONS_LIMIT }, signal }),
    select: (response) => response.sessions,
    enabled: status === 'authenticated',
    staleTime: 0,
  });
}
