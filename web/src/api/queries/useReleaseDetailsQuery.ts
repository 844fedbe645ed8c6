import { useAuthedQuery } from '../authed-query';

/** GET /api/releases/{id}: the release details dialog. Nothing is fetched without an id. */
export function useReleaseDetailsQuery(id: string | null) {
  return useAuthedQuery({
    queryKey: ['release', id],
    queryFn: (api, { signal }) => api.call('GET /api/releases/{id}', { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}
