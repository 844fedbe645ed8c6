/** Liveness and readiness, at the root (not under /api) where orchestrators probe them. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkPorts } from '@ust/platform';
import { HealthResponse, ReadyResponse } from '@ust/schemas';
import { recentReadiness } from './recent-readiness.js';

const healthRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const readiness = recentReadiness(() => checkPorts(fastify.ports));
  fastify.get('/health', { schema: { tags: ['health'], summary: 'Liveness', security: [], response: { 200: HealthResponse } } }, async () => ({
    status: 'ok' as const,
    uptime_seconds: Math.round(process.uptime()),
  }));

  fastify.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: each port, its adapter, and whether it answers (checked at most 2 s before)',
        security: [],
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (_request, reply) => {
      const ports = (await readiness()).map(({ target: _target, ...port }) => port);
      const ready = ports.every((port) => port.reachable);
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', ports });
    },
  );
};

export default healthRoutes;
