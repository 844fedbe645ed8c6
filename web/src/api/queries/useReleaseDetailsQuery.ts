import type { ReleaseDetails } from '@ust/schemas';
import { useAuthedQuery } from '../authed-query';

/** GET /api/releases/{id}: the release details dialog. Nothing is fetched without an id. */
export function useReleaseDetailsQuery(id: string | null) {
  return useAuthedQuery({
    queryKey: ['release', id],
    queryFn: (api, { signal }) => api.get<ReleaseDetails>(`/releases/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}
