import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/useAuth';
import { useApiClient } from '../api-context';

/** GET /api/releases/{id}: the release details dialog. Nothing is fetched without an id. */
export function useReleaseDetailsQuery(id: string | null) {
  const api = useApiClient();
  const { status } = useAuth();
  return useQuery({
    queryKey: ['release', id],
    queryFn: ({ signal }) => api.call('GET /api/releases/{id}', { params: { id: id! }, signal }),
    enabled: id !== null && status === 'authenticated',
  });
}
