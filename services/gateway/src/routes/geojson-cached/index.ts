/**
 * GET /api/geojson-cached/{level}: the states or counties FeatureCollection with every region
 * figure, prebuilt and gzipped by the workers. Served as stored bytes with a strong ETag, so a
 * browser revalidates with If-None-Match and gets 304 while the dataset version is unchanged.
 */
import { gunzipSync } from 'node:zlib';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody } from '@ust/schemas';
import { readRegionDocument } from '@ust/workers';

const regionRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/:level',
    {
      schema: {
        tags: ['regions'],
        summary: 'State or county GeoJSON with facility and release figures per region',
        params: Type.Object({ level: Type.Enum(['states', 'counties'], { description: 'Boundary level' }) }),
        querystring: Type.Object({
          filter_type: Type.Enum(['base'], { default: 'base' }),
          min_facility_count: Type.Integer({ minimum: 0, maximum: 1, default: 1, description: 'Regions below it are marked has_facility_data: false' }),
        }),
        response: {
          200: Type.Any({ description: 'GeoJSON FeatureCollection (RegionProperties per feature) with a metadata block' }),
          304: Type.Null({ description: 'Not modified: the If-None-Match ETag is current' }),
          400: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const document = await readRegionDocument(fastify.ports.cache, request.params.level);
      if (!document) return reply.serviceUnavailable('No dataset has been built yet');
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      // The stored ETag names the gzipped bytes; the decompressed body is the same document in
      // another encoding, so it gets the weak form of the same tag.
      const etag = gzip ? document.etag : `W/${document.etag}`;
      reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('application/geo+json');
      const presented = String(request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
      if (presented.includes(document.etag)) return reply.status(304).send(null);
      if (gzip) return reply.header('content-encoding', 'gzip').send(document.gzip);
      return reply.send(gunzipSync(document.gzip));
    },
  );
};

export default regionRoutes;
