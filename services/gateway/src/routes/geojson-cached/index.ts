/**
 * GET /api/geojson-cached/{level}: the states or counties FeatureCollection with every region
 * figure, prebuilt and gzipped by the workers. Served as stored bytes with a strong ETag, so a
 * browser revalidates with If-None-Match and gets 304 while the dataset version is unchanged.
 * `geometry=none` serves the prebuilt variant without boundaries (its own ETag): the map draws
 * us-atlas shapes it caches for good and only needs the figures (the counties: 67 KB gzipped
 * instead of 383 KB on the real fixtures).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody, RegionGeometry } from '@ust/schemas';
import { readRegionDocument } from '@ust/read-model';
import { NotModified, sendStoredDocument } from '../send-stored-document.js';

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
          geometry: RegionGeometry,
        }),
        response: {
          200: Type.Any({ description: 'GeoJSON FeatureCollection (RegionProperties per feature) with a metadata block' }),
          304: NotModified,
          400: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const document = await readRegionDocument(fastify.ports.cache, request.params.level, request.query.geometry);
      if (!document) return reply.serviceUnavailable('No dataset has been built yet');
      return sendStoredDocument(request, reply, document, 'application/geo+json');
    },
  );
};

export default regionRoutes;
