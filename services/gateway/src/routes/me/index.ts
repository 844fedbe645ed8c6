/** GET /api/me/activity: the signed-in user's own activity, for the dashboard's live card (DECISIONS.md 8). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, MeActivity } from '@ust/schemas';
import { getUserActivitySummary } from '../../queries/me/get-user-activity-summary.js';

const meRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/activity',
    {
      schema: {
        tags: ['identity'],
        summary: 'Your searches, facilities viewed and last activity',
        response: { 200: MeActivity, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => getUserActivitySummary(fastify.ports.store, { auth0UserId: request.principal!.sub }),
  );
};

export default meRoutes;
