import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../api-context';
import { useAuthedQuery } from '../authed-query';

/** Every alerts query starts with it: marking alerts read asks them all again. */
export const ALERTS_QUERY_KEY = ['alerts'] as const;

/** How often the navigation bar asks for new alerts; a hidden tab does not ask. */
const ALERTS_POLL_MS = 60_000;

export interface AlertsQueryOptions {
  /** Newest first, at most this many (1 to 200). */
  limit: number;
  /**
   * Asks again every minute while the tab is shown (the notifications menu).
   * @defaultValue false
   */
  poll?: boolean;
}

/** GET /api/alerts?limit=: the user's newest alerts, how many are unread, and when they last looked. */
export function useAlertsQuery({ limit, poll = false }: AlertsQueryOptions) {
  return useAuthedQuery({
    queryKey: [...ALERTS_QUERY_KEY, limit],
    queryFn: (api, { signal }) => api.call('GET /api/alerts', { query: { limit }, signal }),
    staleTime: 0,
    refetchInterval: poll ? ALERTS_POLL_MS : false,
  });
}

/** POST /api/alerts/seen: every alert so far is read; the menu's count is asked again. */
export function useMarkAlertsSeenMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['alerts-seen'],
    mutationFn: () => api.call('POST /api/alerts/seen'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}
