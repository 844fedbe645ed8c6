import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dialogBodyKeys } from '@ust/read-model';
import { ErrorBody, ReleaseDetails, ReleaseIdParams } from '@ust/schemas';
import { createReadThrough, sendSerialized } from '../../queries/read-through.js';
import { getRelease } from '../../queries/releases/get-release.js';
import { toReleaseDetails } from './to-release-details.js';

/** GET /api/releases/{id}: one release (leak) with its receptors and status, read through the cache. */
const releaseRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { cache, store } = fastify.ports;
  const readThrough = createReadThrough(cache);
  fastify.get(
    '/:id',
    {
      schema: {
        tags: ['releases'],
        summary: 'Release (leak) details',
        params: ReleaseIdParams,
        response: { 200: ReleaseDetails, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const load = async () => {
        const record = await getRelease(store, id);
        return record && toReleaseDetails(record);
      };
      const body = await readThrough(reply, (version) => dialogBodyKeys.releaseDetails(version, id), load);
      if (!body) throw fastify.httpErrors.notFound(`Release ${id} not found`);
      return sendSerialized(reply, body);
    },
  );
};

export default releaseRoutes;
