/**
 * POST /api/logs: browser log entries (docs/product.md section 3). Accepted without a token,
 * tagged anonymous (their session ids namespaced), under a stricter rate limit
 * (docs/decisions/0002-anonymous-telemetry.md), so signed-out errors arrive too.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PostLogsBody } from '@ust/schemas';
import { checkContextDepth } from '../../telemetry/json-depth.js';
import { isReservedSessionId, reservedSessionIdError } from '../../telemetry/session-ids.js';
import { clientLogEvent } from '../../telemetry/to-events.js';
import { telemetryResponses, telemetryRouteOptions } from '../../telemetry/route-options.js';

const logRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/',
    {
      ...telemetryRouteOptions(fastify),
      schema: {
        tags: ['telemetry'],
        security: [{}, { bearerAuth: [] }],
        summary: 'Send browser log entries (at most 100 per call, 256 KB)',
        body: PostLogsBody,
        response: telemetryResponses,
      },
    },
    async (request, reply) => {
      const reserved = request.body.logs.findIndex((entry) => isReservedSessionId(entry.sessionId));
      if (reserved >= 0) throw reservedSessionIdError(`/logs/${reserved}/sessionId`);
      request.body.logs.forEach((entry, index) => checkContextDepth(entry.context, `body.logs[${index}].context`));
      const receivedAt = new Date();
      const events = request.body.logs.map((entry) => clientLogEvent(entry, request.principal, request.headers['user-agent'], receivedAt));
      if (!fastify.telemetry.enqueueLogs(events)) {
        throw fastify.httpErrors.serviceUnavailable('Telemetry is backed up; keep the entries and send them again later');
      }
      return reply.status(202).send({ accepted: events.length });
    },
  );
};

export default logRoutes;
