import { useAuthedQuery } from '../authed-query';

/** GET /api/facilities/{id}: the facility details dialog. Nothing is fetched without an id. */
export function useFacilityDetailsQuery(id: string | null) {
  return useAuthedQuery({
    queryKey: ['facility', id],
    queryFn: (api, { signal }) => api.call('GET /api/facilities/{id}', { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}
