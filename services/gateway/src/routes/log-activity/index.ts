/**
 * POST /api/log-activity: one user activity (docs/product.md section 7; anonymous allowed,
 * docs/decisions/0002-anonymous-telemetry.md, its session id namespaced).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PostActivityBody } from '@ust/schemas';
import { checkContextDepth } from '../../telemetry/json-depth.js';
import { isReservedSessionId, reservedSessionIdError } from '../../telemetry/session-ids.js';
import { activityEvent } from '../../telemetry/to-events.js';
import { telemetryResponses, telemetryRouteOptions } from '../../telemetry/route-options.js';

const activityRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/',
    {
      ...telemetryRouteOptions(fastify),
      schema: {
        tags: ['telemetry'],
        security: [{}, { bearerAuth: [] }],
        summary: 'Record a user activity',
        body: PostActivityBody,
        response: telemetryResponses,
      },
    },
    async (request, reply) => {
      if (isReservedSessionId(request.body.session_id)) throw reservedSessionIdError('/session_id');
      checkContextDepth(request.body.details, 'body.details');
      if (!fastify.telemetry.enqueueActivity(activityEvent(request.body, request.principal, new Date()))) {
        throw fastify.httpErrors.serviceUnavailable('Telemetry is backed up; send the activity again later');
      }
      return reply.status(202).send({ accepted: 1 });
    },
  );
};

export default activityRoutes;
