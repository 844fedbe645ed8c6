import { useAuthedQuery } from '../authed-query';

/** How often System Health asks again while it is shown: lag and failures should show within seconds. */
export const SYSTEM_HEALTH_REFRESH_MS = 5_000;

export const SYSTEM_HEALTH_QUERY_KEY = ['admin', 'health'] as const;

/**
 * GET /api/admin/health: ports, consumer lag, dead letters, job queues and the derived data's
 * age, read afresh by the server on each call. Polls while mounted (the screen is shown); TanStack
 * Query pauses the interval while the browser tab is hidden.
 */
export function useSystemHealthQuery() {
  return useAuthedQuery({
    queryKey: SYSTEM_HEALTH_QUERY_KEY,
    queryFn: (api, { signal }) => api.call('GET /api/admin/health', { signal }),
    refetchInterval: SYSTEM_HEALTH_REFRESH_MS,
    staleTime: 0,
    // The next poll is the retry; a retry on top would double the load on a struggling server.
    retry: false,
  });
}
