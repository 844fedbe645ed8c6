import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody, ReleaseDetails } from '@ust/schemas';
import { getRelease } from '../../queries/releases/get-release.js';
import { toReleaseDetails } from './to-release-details.js';

/** GET /api/releases/{id}: one release (leak) with its receptors and status. */
const releaseRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:id',
    {
      schema: {
        tags: ['releases'],
        summary: 'Release (leak) details',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'National release id, e.g. DC-2017018' }) }),
        response: { 200: ReleaseDetails, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const record = await getRelease(fastify.ports.store, request.params.id);
      if (!record) return reply.notFound(`Release ${request.params.id} not found`);
      return toReleaseDetails(record);
    },
  );
};

export default releaseRoutes;
