import { useAuthedQuery } from '../authed-query';

/** GET /api/map-config: which tile services the Streets and Satellite styles may use. */
export function useMapConfigQuery() {
  return useAuthedQuery({
    queryKey: ['map-config'],
    queryFn: (api, { signal }) => api.call('GET /api/map-config', { signal }),
    staleTime: Infinity,
  });
}
