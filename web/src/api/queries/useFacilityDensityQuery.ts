import { useQuery } from '@tanstack/react-query';
import type { H3DensityDocument } from '@ust/schemas';
import { H3_DENSITY_RESOLUTIONS } from '@ust/schemas/constants';
import { useAuth } from '../../features/auth/useAuth';
import { useApiClient } from '../api-context';

/** GET /api/h3-density: facilities per H3 cell, as [cell, longitude, latitude, count]. */
export type FacilityDensity = H3DensityDocument;

export const DENSITY_RESOLUTIONS = H3_DENSITY_RESOLUTIONS;
export type DensityResolution = (typeof DENSITY_RESOLUTIONS)[number];

/** Only fetched while the heat map is on; each resolution once per dataset. */
export function useFacilityDensityQuery(resolution: DensityResolution, enabled: boolean) {
  const api = useApiClient();
  const { status } = useAuth();
  return useQuery({
    queryKey: ['facility-density', resolution],
    queryFn: ({ signal }) => api.call('GET /api/h3-density', { query: { res: resolution }, signal }),
    enabled: enabled && status === 'authenticated',
    staleTime: 5 * 60_000,
  });
}
