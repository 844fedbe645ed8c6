import type { FacilityStatistics } from '@ust/schemas';
import { useAuthedQuery } from '../authed-query';
import { readSessionCache, writeSessionCache } from '../session-cache';
import { browserStorage } from '../../browser-storage';

/** docs/product.md section 9: the statistics are kept in session storage for 10 minutes. */
export const STATISTICS_CACHE_MS = 10 * 60_000;
export const STATISTICS_CACHE_KEY = 'ust-facilities-statistics';

/**
 * GET /api/facilities-statistics: the dashboard's figures and charts, and Tank AI's
 * (docs/decisions/0014-tank-ai-live-figures.md, 0015-dashboard-charts.md).
 */
export function useStatisticsQuery() {
  return useAuthedQuery({
    queryKey: ['facilities-statistics'],
    queryFn: async (api, { signal }) => {
      const statistics = await api.call('GET /api/facilities-statistics', { signal });
      writeSessionCache(browserStorage('session'), STATISTICS_CACHE_KEY, statistics, Date.now());
      return statistics;
    },
    // A reload within 10 minutes shows the stored figures without a call.
    initialData: () => readSessionCache<FacilityStatistics>(browserStorage('session'), STATISTICS_CACHE_KEY, STATISTICS_CACHE_MS, Date.now())?.value,
    initialDataUpdatedAt: () => readSessionCache(browserStorage('session'), STATISTICS_CACHE_KEY, STATISTICS_CACHE_MS, Date.now())?.storedAt,
    staleTime: STATISTICS_CACHE_MS,
  });
}
