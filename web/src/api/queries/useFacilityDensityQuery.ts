import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/useAuth';
import { useApiClient } from '../api-context';

/** GET /api/h3-density: facilities per H3 cell, as [cell, longitude, latitude, count]. */
export interface FacilityDensity {
  dataset_version: number;
  generated_at: string;
  resolution: number;
  cell_count: number;
  facility_count: number;
  max_count: number;
  cells: Array<[string, number, number, number]>;
}

export const DENSITY_RESOLUTIONS = [4, 5, 6, 7] as const;
export type DensityResolution = (typeof DENSITY_RESOLUTIONS)[number];

/** Only fetched while the heat map is on; each resolution once per dataset. */
export function useFacilityDensityQuery(resolution: DensityResolution, enabled: boolean) {
  const api = useApiClient();
  const { status } = useAuth();
  return useQuery({
    queryKey: ['facility-density', resolution],
    queryFn: ({ signal }) => api.get<FacilityDensity>(`/h3-density?res=${resolution}`, { signal }),
    enabled: enabled && status === 'authenticated',
    staleTime: 5 * 60_000,
  });
}
