/**
 * GET /api/geojson-cached/{level}: the states or counties FeatureCollection with every region
 * figure (RegionDocument), prebuilt and gzipped by the workers. Served as stored bytes with a
 * strong ETag, so a browser revalidates with If-None-Match and gets 304 while the dataset
 * version is unchanged; the response schema documents the bytes, it does not serialize them.
 * `geometry=none` serves the prebuilt variant without boundaries (its own ETag): the map draws
 * us-atlas shapes it caches for good and only needs the figures, a fraction of the bytes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, RegionDocument, RegionDocumentParams, RegionDocumentQuery } from '@ust/schemas';
import { readRegionDocument } from '@ust/read-model';
import { NotModified, sendStoredDocument } from '../send-stored-document.js';

const regionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:level',
    {
      schema: {
        tags: ['regions'],
        summary: 'State or county GeoJSON with facility and release figures per region',
        params: RegionDocumentParams,
        querystring: RegionDocumentQuery,
        response: { 200: RegionDocument, 304: NotModified, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const document = await readRegionDocument(fastify.ports.cache, request.params.level, request.query.geometry);
      if (!document) throw fastify.httpErrors.serviceUnavailable('No dataset has been built yet');
      return sendStoredDocument(request, reply, document, 'application/geo+json');
    },
  );
};

export default regionRoutes;
