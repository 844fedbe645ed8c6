import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/useAuth';
import { useApiClient } from '../api-context';

/** GET /api/me/activity: the signed-in user's Your Activity card (DECISIONS.md 8). */
export function useMyActivityQuery() {
  const api = useApiClient();
  const { status, user } = useAuth();
  return useQuery({
    queryKey: ['me', 'activity', user?.sub],
    queryFn: ({ signal }) => api.call('GET /api/me/activity', { signal }),
    enabled: status === 'authenticated',
  });
}
