/**
 * The signed-in user's own: their activity, for the dashboard's live card
 * (docs/decisions/0008-live-activity-card.md), and their saved preferences
 * (docs/decisions/0119-watchlists.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, MeActivity, UserPreferences } from '@ust/schemas';
import { cachedBriefly } from '../../queries/cached-briefly.js';
import { getUserActivitySummary } from '../../queries/me/get-user-activity-summary.js';
import webhookRoutes from './webhooks.js';

/** Short beside the card's own delays (activities are sent 2 s after they happen), long beside a reload loop. */
export const ME_ACTIVITY_TTL_SECONDS = 10;

const meRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(webhookRoutes);
  const activityOf = cachedBriefly<MeActivity>(fastify.ports.cache, ME_ACTIVITY_TTL_SECONDS);
  fastify.get(
    '/activity',
    {
      schema: {
        tags: ['identity'],
        summary: 'Your searches, facilities viewed and last activity (up to 10 s old)',
        response: { 200: MeActivity, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { sub, userId } = request.principal!;
      return activityOf(`me:activity:${userId}`, () => getUserActivitySummary(fastify.ports.store, { auth0UserId: sub }));
    },
  );

  fastify.get(
    '/preferences',
    {
      schema: {
        tags: ['identity'],
        summary: 'Your saved preferences (the defaults until you save them)',
        response: { 200: UserPreferences, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => fastify.userState.preferences(request.principal!.userId),
  );

  fastify.put(
    '/preferences',
    {
      schema: {
        tags: ['identity'],
        summary: 'Saves your preferences, all three at once',
        body: UserPreferences,
        response: { 200: UserPreferences, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => fastify.userState.savePreferences(request.principal!.userId, request.body),
  );
};

export default meRoutes;
