import { keepPreviousData } from '@tanstack/react-query';
import { useAuthedQuery } from '../authed-query';

/** How many of the newest tries Webhook Deliveries lists. */
export const ADMIN_WEBHOOK_DELIVERIES_LIMIT = 100;

/**
 * GET /api/admin/webhook-deliveries?limit=100[&dead_only=true]: every try of the users' webhook
 * deliveries, newest first, or with `deadOnly` the deliveries given up (the dead-letter list).
 * Admin role only.
 */
export function useAdminWebhookDeliveriesQuery({ deadOnly }: { deadOnly: boolean }) {
  return useAuthedQuery({
    queryKey: ['admin', 'webhook-deliveries', deadOnly],
    queryFn: (api, { signal }) =>
      api.call('GET /api/admin/webhook-deliveries', { query: { limit: ADMIN_WEBHOOK_DELIVERIES_LIMIT, dead_only: deadOnly || undefined }, signal }),
    select: (response) => response.deliveries,
    // The other list stays up while the filter's loads, rather than a loading flash.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
