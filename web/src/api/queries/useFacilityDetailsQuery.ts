import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/useAuth';
import { useApiClient } from '../api-context';

/** GET /api/facilities/{id}: the facility details dialog. Nothing is fetched without an id. */
export function useFacilityDetailsQuery(id: string | null) {
  const api = useApiClient();
  const { status } = useAuth();
  return useQuery({
    queryKey: ['facility', id],
    queryFn: ({ signal }) => api.call('GET /api/facilities/{id}', { params: { id: id! }, signal }),
    enabled: id !== null && status === 'authenticated',
  });
}
