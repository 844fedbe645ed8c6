/**
 * System Health: each port, consumer lag, dead letters, job queues and derived data age; and a
 * new round of tries for a failed job.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, JobIdParams, RetryJobBody, RetryJobResponse, SystemHealth } from '@ust/schemas';
import { readSystemHealth } from '../../health/system-health.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export interface AdminHealthRoutesOptions {
  /** DATA_DIR: the health report names paths inside it as `DATA_DIR/...`, not as the server's own. */
  dataDir: string;
}

const adminHealthRoutes: FastifyPluginAsyncTypebox<AdminHealthRoutesOptions> = async (fastify, { dataDir }) => {
  fastify.get(
    '/health',
    {
      schema: {
        tags: ['admin'],
        summary: 'System Health: each port with its target and round-trip time, consumer lag, dead letters, job queues, derived data age',
        response: { 200: SystemHealth, ...errors },
      },
    },
    async () => readSystemHealth(fastify.ports, dataDir),
  );

  fastify.post(
    '/jobs/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give a failed job a new round of tries',
        params: JobIdParams,
        body: RetryJobBody,
        response: { 200: RetryJobResponse, 404: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { queue } = request.body;
      if (!(await fastify.ports.jobs.retryJob(queue, id))) throw fastify.httpErrors.notFound(`No failed job ${id} in queue ${queue}`);
      request.log.info({ queue, jobId: id, by: request.principal!.userId }, 'failed job retried by an admin');
      return { id, queue, retried: true as const };
    },
  );
};

export default adminHealthRoutes;
