import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { FacilityListItem } from '@ust/schemas';
import { useAuth } from '../../auth-state';
import { useApiClient } from '../api-context';
import { fetchRegionFacilities, REGION_FACILITIES_STALE_MS, regionFacilitiesKey, type RegionFacilities } from './useRegionFacilitiesQuery';

/** Every listed facility of the counties answered so far; re-run only when an answer changes. */
const allFacilities = (results: UseQueryResult<RegionFacilities>[]): FacilityListItem[] => results.flatMap((result) => result.data?.facilities ?? []);

/**
 * GET /api/facilities/by-fips/{fips} for several counties at once: the map's pins for the
 * counties in view. The cache entries are the region panel's, so a county the map has loaded
 * opens its panel at once, and the other way round. Returns the facilities of them all.
 */
export function useCountiesFacilitiesQueries(fipsCodes: readonly string[]) {
  const api = useApiClient();
  const { status } = useAuth();
  return useQueries({
    queries: fipsCodes.map((fips) => {
      const region = { level: 'counties', fips } as const;
      return {
        queryKey: regionFacilitiesKey(region),
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchRegionFacilities(api, region, signal),
        enabled: status === 'authenticated',
        staleTime: REGION_FACILITIES_STALE_MS,
        retry: 1,
      };
    }),
    combine: allFacilities,
  });
}
