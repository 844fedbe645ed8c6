import { useAuthedQuery } from '../authed-query';

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
  return useAuthedQuery({
    queryKey: ['facility-density', resolution],
    queryFn: (api, { signal }) => api.get<FacilityDensity>(`/h3-density?res=${resolution}`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
