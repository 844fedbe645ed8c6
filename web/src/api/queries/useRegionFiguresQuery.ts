import { loadRegionFigures, REGION_DATA_CACHE_MS, type RegionLevel } from '../region-data';
import { logger } from '../../telemetry';
import { useAuthedQuery } from '../authed-query';
import { browserStorage } from '../../browser-storage';

/**
 * GET /api/geojson-cached/{level} without geometry: every region's figures for the map, kept
 * 5 minutes per level (docs/product.md section 9). A failure is logged by the API client and
 * shown by the map (docs/product.md section 8: 'Map data failure: logged only').
 */
export function useRegionFiguresQuery(level: RegionLevel) {
  return useAuthedQuery({
    queryKey: ['region-figures', level],
    queryFn: (api, { signal }) => loadRegionFigures(level, { api, storage: browserStorage('session'), logger, now: Date.now }, signal),
    staleTime: REGION_DATA_CACHE_MS,
  });
}
