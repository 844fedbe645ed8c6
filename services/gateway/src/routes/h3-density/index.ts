/**
 * GET /api/h3-density?res=: facility counts per H3 cell for the map's heat layer
 * (docs/decisions/0017-h3-density.md), prebuilt per resolution by the workers and sent as
 * stored gzip bytes with a strong ETag, like the region documents.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, H3DensityDocument, H3DensityQuery, type H3DensityResolution } from '@ust/schemas';
import { readH3DensityDocument } from '@ust/read-model';
import { NotModified, sendStoredDocument } from '../send-stored-document.js';

const h3DensityRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['map'],
        summary: 'Facilities per H3 cell (resolution 4 to 7) with cell centres, for the heat map',
        querystring: H3DensityQuery,
        response: { 200: H3DensityDocument, 304: NotModified, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      // The schema bounds res to 4..7, the resolutions the workers build.
      const document = await readH3DensityDocument(fastify.ports.cache, request.query.res as H3DensityResolution);
      if (!document) throw fastify.httpErrors.serviceUnavailable('No dataset has been built yet');
      return sendStoredDocument(request, reply, document);
    },
  );
};

export default h3DensityRoutes;
