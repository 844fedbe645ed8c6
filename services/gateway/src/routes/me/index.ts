/** GET /api/me/activity: the signed-in user's own activity, for the dashboard's live card (docs/decisions/0008-live-activity-card.md). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, MeActivity } from '@ust/schemas';
import { cachedBriefly } from '../../queries/cached-briefly.js';
import { getUserActivitySummary } from '../../queries/me/get-user-activity-summary.js';

/** Short beside the card's own delays (activities are sent 2 s after they happen), long beside a reload loop. */
export const ME_ACTIVITY_TTL_SECONDS = 10;

const meRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
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
};

export default meRoutes;
