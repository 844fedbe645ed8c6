/** POST /api/log-activity: one user activity (SPEC.md section 7; anonymous allowed, DECISIONS.md 2). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody, MAX_TELEMETRY_BODY_BYTES, PostActivityBody } from '@ust/schemas';
import { activityEvent } from '../../telemetry/to-events.js';
import { telemetryRateLimit } from '../../telemetry/rate-limit.js';

const Accepted = Type.Object({ accepted: Type.Integer() });

const activityRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/',
    {
      bodyLimit: MAX_TELEMETRY_BODY_BYTES,
      onRequest: fastify.authenticateIfPresent,
      config: { rateLimit: telemetryRateLimit(fastify.config) },
      schema: {
        tags: ['telemetry'],
        security: [{}, { bearerAuth: [] }],
        summary: 'Record a user activity',
        body: PostActivityBody,
        response: { 202: Accepted, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!fastify.telemetry.enqueueActivity(activityEvent(request.body, request.principal, new Date()))) {
        return reply.serviceUnavailable('Telemetry is backed up; send the activity again later');
      }
      return reply.status(202).send({ accepted: 1 });
    },
  );
};

export default activityRoutes;
