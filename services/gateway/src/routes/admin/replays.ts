/**
 * Replays through the running platform (admin only): one recorded import again under its id and
 * version, or every committed import from the beginning. Each writes its queued record and
 * enqueues the job the workers run (JobNames.replayImport, replayAll).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ImportNotFoundError, queueReplay, queueReplayAll, readReplayRecord, ReplayRefusedError } from '@ust/read-model';
import { ErrorBody, ImportIdParams, ImportJobAccepted, ReplayIdParams, ReplayRun } from '@ust/schemas';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

const replayRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/imports/:id/replay',
    {
      schema: {
        tags: ['admin'],
        summary: 'Run a recorded import again under its id and version',
        params: ImportIdParams,
        response: { 202: ImportJobAccepted, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      try {
        return reply.code(202).send(await queueReplay(fastify.ports, id));
      } catch (error) {
        if (error instanceof ImportNotFoundError) throw fastify.httpErrors.notFound(`No import ${id}`);
        if (error instanceof ReplayRefusedError) throw fastify.httpErrors.conflict(error.message);
        throw error;
      }
    },
  );

  fastify.post(
    '/replay',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replay from the beginning: every committed import again, in version order',
        response: { 202: ImportJobAccepted, ...errors },
      },
    },
    async (_request, reply) => reply.code(202).send(await queueReplayAll(fastify.ports)),
  );

  fastify.get(
    '/replay/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A replay from the beginning: its status and progress over every committed import',
        params: ReplayIdParams,
        response: { 200: ReplayRun, 404: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const replay = await readReplayRecord(fastify.ports.store, request.params.id);
      if (!replay) throw fastify.httpErrors.notFound(`No replay ${request.params.id}`);
      return replay;
    },
  );
};

export default replayRoutes;
