import type { H3DensityDocument } from '@ust/schemas';
import { H3_DENSITY_RESOLUTIONS } from '@ust/schemas/constants';
import { useAuthedQuery } from '../authed-query';

/** GET /api/h3-density: facilities per H3 cell, as [cell, longitude, latitude, count]. */
export type FacilityDensity = H3DensityDocument;

export const DENSITY_RESOLUTIONS = H3_DENSITY_RESOLUTIONS;
export type DensityResolution = (typeof DENSITY_RESOLUTIONS)[number];

/** Only fetched while the heat map is on; each resolution once per dataset. */
export function useFacilityDensityQuery(resolution: DensityResolution, enabled: boolean) {
  return useAuthedQuery({
    queryKey: ['facility-density', resolution],
    queryFn: (api, { signal }) => api.call('GET /api/h3-density', { query: { res: resolution }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
