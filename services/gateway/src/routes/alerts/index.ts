/**
 * A user's alerts on what they watch (docs/decisions/0120-watch-alerts.md): the newest first,
 * each saying whether it came after the user last opened them, and the unread count the
 * notifications menu shows. The newest are kept in the cache a minute at most; the alert job
 * drops a user's copy when it adds alerts for them, and opening them drops it too.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AlertsQuery, AlertsResponse, AlertsSeen, ErrorBody } from '@ust/schemas';
import { readAlertsOf, userAlertsCacheKey, type StoredAlert } from '@ust/read-model';

/** The most a request may ask for, and what the cache holds. */
const ALERTS_KEPT = 200;
const ALERTS_TTL_SECONDS = 60;

interface CachedAlerts {
  alerts: Array<StoredAlert['alert']>;
  unread: number;
  seen_at: string | null;
}

const alertRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store, cache } = fastify.ports;

  async function alertsOf(userId: string): Promise<CachedAlerts> {
    const cached = await cache.get(userAlertsCacheKey(userId));
    if (cached !== null) return JSON.parse(cached) as CachedAlerts;
    const seenAt = (await fastify.userState.read(userId)).alerts_seen_at;
    const read: CachedAlerts = { ...(await readAlertsOf(store, userId, ALERTS_KEPT, seenAt)), seen_at: seenAt };
    await cache.set(userAlertsCacheKey(userId), JSON.stringify(read), { ttlSeconds: ALERTS_TTL_SECONDS });
    return read;
  }

  fastify.get(
    '/',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'Your alerts on what you watch, newest first, and how many are unread',
        querystring: AlertsQuery,
        response: { 200: AlertsResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { alerts, unread, seen_at } = await alertsOf(request.principal!.userId);
      return {
        alerts: alerts.slice(0, request.query.limit ?? 50).map((alert) => ({ ...alert, unread: seen_at === null || alert.created_at > seen_at })),
        unread,
        seen_at,
      };
    },
  );

  fastify.post(
    '/seen',
    {
      schema: {
        tags: ['watchlists'],
        summary: 'Marks every alert so far as read',
        response: { 200: AlertsSeen, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const userId = request.principal!.userId;
      const seenAt = await fastify.userState.markAlertsSeen(userId, new Date().toISOString());
      await cache.del(userAlertsCacheKey(userId));
      return { unread: 0, seen_at: seenAt };
    },
  );
};

export default alertRoutes;
