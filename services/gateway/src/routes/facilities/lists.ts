/**
 * Facility lists for the map detail panel, from the cache: a county's list and a state's
 * default page are response bodies the workers prebuilt, sent as the stored gzip bytes with a
 * strong ETag, like the region documents, so no request parses or serializes thousands of rows;
 * their response schemas document those bytes rather than serialize them.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CountyFacilitiesResponse,
  DEFAULT_STATE_LIST_LIMIT,
  ErrorBody,
  FacilitiesByFipsParams,
  FacilitiesByStateParams,
  FacilitiesByStateQuery,
  StateFacilitiesResponse,
} from '@ust/schemas';
import { readCountyFacilitiesDocument, readCurrentVersion, readStateFacilities, readStateFacilitiesDocument } from '@ust/read-model';
import { NotModified, sendStoredDocument } from '../send-stored-document.js';
import { knownStateCode } from './state-code.js';

const facilityListRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { cache } = fastify.ports;

  fastify.get(
    '/by-fips/:fips',
    {
      schema: {
        tags: ['facilities'],
        summary: 'Every facility of a county',
        params: FacilitiesByFipsParams,
        response: { 200: CountyFacilitiesResponse, 304: NotModified, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const document = await readCountyFacilitiesDocument(cache, request.params.fips);
      if (document) return sendStoredDocument(request, reply, document);
      if ((await readCurrentVersion(cache)) === null) throw fastify.httpErrors.serviceUnavailable('No dataset has been built yet');
      throw fastify.httpErrors.notFound(`County ${request.params.fips} not found`);
    },
  );

  fastify.get(
    '/by-state/:state',
    {
      schema: {
        tags: ['facilities'],
        summary: 'The first facilities of a state (a sample for the map panel)',
        params: FacilitiesByStateParams,
        querystring: FacilitiesByStateQuery,
        response: { 200: StateFacilitiesResponse, 304: NotModified, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const state = knownStateCode(request.params.state);
      if (request.query.limit === DEFAULT_STATE_LIST_LIMIT) {
        const document = await readStateFacilitiesDocument(cache, state);
        if (document) return sendStoredDocument(request, reply, document);
      }
      // Other limits read the chunks they need and go through the response schema.
      const facilities = await readStateFacilities(cache, state, request.query.limit);
      if (facilities) return { ...facilities, dataset_version: facilities.version };
      if ((await readCurrentVersion(cache)) === null) throw fastify.httpErrors.serviceUnavailable('No dataset has been built yet');
      return { facilities: [], state, name: null, total: 0, dataset_version: 0 };
    },
  );
};

export default facilityListRoutes;
