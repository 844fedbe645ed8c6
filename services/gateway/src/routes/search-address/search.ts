/**
 * The search: geocode the address (or take a picked suggestion's coordinates), then the 25
 * closest facilities within 10 miles with their risk scores and indicative quotes, how many
 * there are in all, and the closest release, as one prebuilt JSON body.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GeocoderUnavailableError, readCurrentVersion, type SearchTiming } from '@ust/read-model';
import { ErrorBody, PRICING_DISCLAIMER, SearchAddressBody, SearchResponse, type GeocodeResult } from '@ust/schemas';
import { InvalidFieldsError } from '../../plugins/invalid-fields.js';
import { searchResponseBody } from '../../search/search-response-body.js';

/** A search body is an address and two numbers; anything larger is not a search. */
const SEARCH_BODY_LIMIT_BYTES = 4 * 1024;
export const EMPTY_ADDRESS_MESSAGE = 'Please enter an address to search';

const searchRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const searchIndex = fastify.searchIndex.index;

  fastify.post(
    '/',
    {
      bodyLimit: SEARCH_BODY_LIMIT_BYTES,
      schema: {
        tags: ['search'],
        summary: 'Facilities and the closest release within 10 miles of an address',
        body: SearchAddressBody,
        response: { 200: SearchResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { address: typed, latitude, longitude } = request.body;
      const address = typed.trim();
      if (!address) {
        throw new InvalidFieldsError([{ field: 'body.address', reason: 'is empty' }], EMPTY_ADDRESS_MESSAGE);
      }
      if ((latitude === undefined) !== (longitude === undefined)) {
        throw fastify.httpErrors.badRequest('body.latitude and body.longitude go together: send both or neither');
      }
      const version = await readCurrentVersion(fastify.ports.cache);
      if (version === null) throw fastify.httpErrors.serviceUnavailable('No dataset has been built yet');
      fastify.searchIndex.of(version);

      let geocoding: GeocodeResult;
      const geocodeStarted = performance.now();
      if (latitude !== undefined && longitude !== undefined) {
        geocoding = {
          success: true,
          message: 'Located from the selected suggestion',
          original_address: typed,
          formatted_address: address,
          latitude,
          longitude,
          match_type: null,
        };
      } else {
        try {
          geocoding = await fastify.geocoder.geocode(address);
        } catch (error) {
          if (error instanceof GeocoderUnavailableError) throw fastify.httpErrors.serviceUnavailable(error.message);
          throw error;
        }
      }
      const geocodeMs = performance.now() - geocodeStarted;
      if (!geocoding.success || geocoding.latitude === null || geocoding.longitude === null) {
        reply.header('server-timing', `geocode;dur=${geocodeMs.toFixed(2)}`);
        return { facilities: [], geocoding, total_found: 0, closest_release: null, dataset_version: null, pricing_note: PRICING_DISCLAIMER };
      }
      const searchStarted = performance.now();
      const timing: SearchTiming = { indexMs: 0 };
      const found = await searchIndex.search(version, geocoding.latitude, geocoding.longitude, timing);
      const body = searchResponseBody(found, geocoding, version);
      // How long each part took, for browsers' developer tools and the search benchmark: the
      // whole search step (index query, items, body bytes) and its index query alone.
      const searchMs = performance.now() - searchStarted;
      reply.header('server-timing', `geocode;dur=${geocodeMs.toFixed(2)}, search;dur=${searchMs.toFixed(3)}, search-index;dur=${timing.indexMs.toFixed(3)}`);
      // Bytes under a JSON content type are sent as they are.
      reply.type('application/json; charset=utf-8');
      return body as unknown as SearchResponse;
    },
  );
};

export default searchRoutes;
