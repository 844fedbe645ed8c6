import type { CountyFacilitiesResponse, StateFacilitiesResponse } from '@ust/schemas';
import type { ApiClient } from '../client';
import { ApiError } from '../api-error';
import { useAuthedQuery } from '../authed-query';

/** The region whose facilities the map panel lists. */
export type FacilityListRegion = { level: 'counties'; fips: string } | { level: 'states'; code: string };

/**
 * What both list endpoints' bodies have in common, as the panel needs them: `total` is every
 * facility of the region, `facilities` holds them all for a county, a sample for a state.
 */
export type RegionFacilities = Pick<CountyFacilitiesResponse | StateFacilitiesResponse, 'facilities' | 'total' | 'dataset_version'>;

/** A county's facilities, or a state's first ones (the API's default sample of 50). */
function regionFacilities(api: ApiClient, region: FacilityListRegion, signal: AbortSignal): Promise<RegionFacilities> {
  return region.level === 'counties'
    ? api.call('GET /api/facilities/by-fips/{fips}', { params: { fips: region.fips }, signal })
    : api.call('GET /api/facilities/by-state/{state}', { params: { state: region.code }, signal });
}

/** The cache key of a region's list, shared by the panel and the map's pins in view. */
export const regionFacilitiesKey = (region: FacilityListRegion | null) => ['region-facilities', region] as const;

export const REGION_FACILITIES_STALE_MS = 5 * 60_000;

/** A county unknown to the dataset (404) has no facilities; other failures are logged by the API client. */
export async function fetchRegionFacilities(api: ApiClient, region: FacilityListRegion, signal: AbortSignal): Promise<RegionFacilities> {
  try {
    return await regionFacilities(api, region, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { facilities: [], total: 0, dataset_version: 0 };
    throw error;
  }
}

/** GET /api/facilities/by-fips/{fips} or /by-state/{code}, for the region panel. */
export function useRegionFacilitiesQuery(region: FacilityListRegion | null) {
  return useAuthedQuery({
    queryKey: regionFacilitiesKey(region),
    queryFn: (api, { signal }) => fetchRegionFacilities(api, region!, signal),
    enabled: region !== null,
    staleTime: REGION_FACILITIES_STALE_MS,
    retry: 1,
  });
}
