/**
 * Address autocomplete (docs/product.md section 2 'Address autocomplete input', section 9):
 * up to 8 suggestions from the geocoder port, which reads the cache (or an external
 * service), never ClickHouse (docs/decisions/0022-chdb-discipline.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, GEOCODE_QUERY_MIN_CHARS, GEOCODE_SUGGESTION_LIMIT, GeocodeSuggestQuery, GeocodeSuggestResponse } from '@ust/schemas';
import { GeocoderUnavailableError } from '@ust/read-model';

const geocodeRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/suggest',
    {
      schema: {
        tags: ['geocoding'],
        summary: 'Address suggestions: street addresses of known sites, ZIP codes, cities and towns',
        querystring: GeocodeSuggestQuery,
        response: { 200: GeocodeSuggestResponse, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const q = request.query.q.trim();
      // The input asks only above 2 characters; a shorter query clears the list rather than failing.
      if (q.length < GEOCODE_QUERY_MIN_CHARS) return { suggestions: [] };
      try {
        return { suggestions: await fastify.geocoder.suggest(q, GEOCODE_SUGGESTION_LIMIT) };
      } catch (error) {
        if (error instanceof GeocoderUnavailableError) throw fastify.httpErrors.serviceUnavailable(error.message);
        throw error;
      }
    },
  );
};

export default geocodeRoutes;
