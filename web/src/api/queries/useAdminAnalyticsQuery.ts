import { useAuthedQuery } from '../authed-query';

/** How often the Analytics tab asks again while it is shown, so an error spike shows within seconds. */
export const ADMIN_ANALYTICS_REFRESH_MS = 5_000;

/**
 * GET /api/admin/analytics: the four cards and 60 per-minute points
 * (docs/decisions/0009-admin-analytics-window.md). Polls only while `live` (the tab is shown);
 * TanStack Query also pauses the interval while the browser tab is hidden
 * (refetchIntervalInBackground is off).
 */
export function useAdminAnalyticsQuery({ live }: { live: boolean }) {
  return useAuthedQuery({
    queryKey: ['admin', 'analytics'],
    queryFn: (api, { signal }) => api.call('GET /api/admin/analytics', { signal }),
    enabled: live,
    refetchInterval: live ? ADMIN_ANALYTICS_REFRESH_MS : false,
    staleTime: 0,
    // The next poll is the retry; a retry on top would double the load on a struggling server.
    retry: false,
  });
}
