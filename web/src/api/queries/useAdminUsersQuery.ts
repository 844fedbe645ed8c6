import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/useAuth';
import { useApiClient } from '../api-context';

export const ADMIN_USERS_QUERY_KEY = ['admin', 'users'] as const;

/** GET /api/admin/users: every user with their activity count (admin role only). */
export function useAdminUsersQuery() {
  const api = useApiClient();
  const { status } = useAuth();
  return useQuery({
    queryKey: ADMIN_USERS_QUERY_KEY,
    queryFn: ({ signal }) => api.call('GET /api/admin/users', { signal }),
    select: (response) => response.users,
    enabled: status === 'authenticated',
    staleTime: 0,
  });
}
