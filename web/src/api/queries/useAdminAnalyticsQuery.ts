import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/useAuth';
import { useApiClient } from '../api-context';

/** How often the Analytics tab asks again while it is shown, so an error spike shows within seconds. */
export const ADMIN_ANALYTICS_REFRESH_MS = 5_000;

/**
 * GET /api/admin/analytics: the four cards and 60 per-minute points (DECISIONS.md 9). Polls only
 * while `live` (the tab is shown); TanStack Query also pauses the interval while the browser tab
 * is hidden (refetchIntervalInBackground is off).
 */
export function useAdminAnalyticsQuery({ live }: { live: boolean }) {
  const api = useApiClient();
  const { status } = useAuth();
  return useQuery({
    queryKey: ['admin', 'analytics'],
    queryFn: ({ signal }) => api.call('GET /api/admin/analytics', { signal }),
    enabled: status === 'authenticated' && live,
    refetchInterval: live ? ADMIN_ANALYTICS_REFRESH_MS : false,
    staleTime: 0,
    // The next poll is the retry; a retry on top would double the load on a struggling server.
    retry: false,
  });
}
