import type { FacilityListItem } from '@ust/schemas';
import { ApiError } from '../api-error';
import { useAuthedQuery } from '../authed-query';

/** The region whose facilities the map panel lists. */
export type FacilityListRegion = { level: 'counties'; fips: string } | { level: 'states'; code: string };

/** Both list endpoints' bodies, as the panel needs them. */
export interface RegionFacilities {
  facilities: FacilityListItem[];
  /** Every facility of the region; `facilities` holds them all for a county, a sample for a state. */
  total: number;
  dataset_version: number;
}

/** The panel's list of a state: its first facilities (the API's default sample of 50). */
export function regionFacilitiesPath(region: FacilityListRegion): string {
  return region.level === 'counties' ? `/facilities/by-fips/${encodeURIComponent(region.fips)}` : `/facilities/by-state/${encodeURIComponent(region.code)}`;
}

/**
 * GET /api/facilities/by-fips/{fips} or /by-state/{code}. A county unknown to the dataset
 * (404) has no facilities, which the panel says; other failures are logged by the API client.
 */
export function useRegionFacilitiesQuery(region: FacilityListRegion | null) {
  return useAuthedQuery({
    queryKey: ['region-facilities', region],
    queryFn: async (api, { signal }): Promise<RegionFacilities> => {
      try {
        return await api.get<RegionFacilities>(regionFacilitiesPath(region!), { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { facilities: [], total: 0, dataset_version: 0 };
        throw error;
      }
    },
    enabled: region !== null,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
