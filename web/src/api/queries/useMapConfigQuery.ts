import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/useAuth';
import { useApiClient } from '../api-context';

/** GET /api/map-config: which tile services the Streets and Satellite styles may use. */
export function useMapConfigQuery() {
  const api = useApiClient();
  const { status } = useAuth();
  return useQuery({
    queryKey: ['map-config'],
    queryFn: ({ signal }) => api.call('GET /api/map-config', { signal }),
    staleTime: Infinity,
    enabled: status === 'authenticated',
  });
}
