/**
 * Facility lists (map detail panel) from the cache, and one facility's details from ClickHouse
 * (one statement) through a read-through cache of the serialized body. A county's list and a state's
 * default page are response bodies the workers prebuilt: sent as the stored gzip bytes with a
 * strong ETag, like the region documents, so no request parses or serializes thousands of rows;
 * their response schemas document those bytes rather than serialize them.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STATE_CODES } from '@ust/domain';
import {
  CountyFacilitiesResponse,
  DEFAULT_STATE_LIST_LIMIT,
  ErrorBody,
  FacilitiesByFipsParams,
  FacilitiesByStateParams,
  FacilitiesByStateQuery,
  ExposureSheet,
  ExposureSheetPdf,
  ExposureSheetPdfQuery,
  FacilityDetails,
  FacilityIdParams,
  StateFacilitiesResponse,
} from '@ust/schemas';
import {
  dialogBodyKeys,
  readCountyFacilitiesDocument,
  readCurrentVersion,
  readDatasetMeta,
  readStateFacilities,
  readStateFacilitiesDocument,
} from '@ust/read-model';
import { loadExposureSheet } from '../../exposure-sheet/load-exposure-sheet.js';
import { sendPdf } from '../../exposure-sheet/send-pdf.js';
import { getFacilityWithTanksAndReleases } from '../../queries/facilities/get-facility-with-tanks-and-releases.js';
import { createReadThrough, sendSerialized } from '../../queries/read-through.js';
import { NotModified, sendStoredDocument } from '../send-stored-document.js';
import facilityExportRoutes from './exports.js';
import { toFacilityDetails } from './to-facility-details.js';

const STATE_CODE_SET = new Set(Object.values(STATE_CODES).map((state) => state.code));

const facilityRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { cache, store } = fastify.ports;
  const readThrough = createReadThrough(cache);
  await fastify.register(facilityExportRoutes);

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
      const state = request.params.state.toUpperCase();
      if (!STATE_CODE_SET.has(state))
        throw fastify.httpErrors.badRequest(`params.state ${JSON.stringify(request.params.state)} is not a US state or territory code`);
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

  fastify.get(
    '/:id',
    {
      schema: {
        tags: ['facilities'],
        summary: 'Facility details: tanks, releases, derived figures and source',
        params: FacilityIdParams,
        response: { 200: FacilityDetails, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const load = async () => {
        // Ages, score, quotes and leak coverage as of the build the map and search show, so the dialog agrees with them.
        const meta = await readDatasetMeta(cache);
        const found = await getFacilityWithTanksAndReleases(store, id, meta?.dataset_version ?? 0);
        if (!found) return undefined;
        // Before any build (no summary row) a facility's leaks read as its releases say.
        const leakReported = found.leakReported ?? true;
        return toFacilityDetails(found.facility, found.tanks, found.releases, meta ? new Date(meta.generated_at) : new Date(), leakReported);
      };
      const body = await readThrough(reply, (version) => dialogBodyKeys.facilityDetails(version, id), load);
      if (!body) throw fastify.httpErrors.notFound(`Facility ${id} not found`);
      return sendSerialized(reply, body);
    },
  );

  fastify.get(
    '/:id/exposure-sheet',
    {
      schema: {
        tags: ['facilities'],
        summary: "A facility's exposure sheet: identity, tanks, releases, receptors, risk, quotes and a locator drawing",
        params: FacilityIdParams,
        response: { 200: ExposureSheet, 404: ErrorBody },
      },
    },
    async (request) => {
      const sheet = await loadExposureSheet(store, cache, request.params.id);
      if (!sheet) throw fastify.httpErrors.notFound(`Facility ${request.params.id} not found`);
      return sheet;
    },
  );

  fastify.get(
    '/:id/exposure-sheet.pdf',
    {
      schema: {
        tags: ['facilities'],
        summary: "A facility's exposure sheet as a PDF (A4 or Letter), made on the server",
        params: FacilityIdParams,
        querystring: ExposureSheetPdfQuery,
        produces: ['application/pdf'],
        // 503: the CPU pool that renders it is full; try again after retry-after.
        response: { 200: ExposureSheetPdf, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const sheet = await loadExposureSheet(store, cache, id);
      if (!sheet) throw fastify.httpErrors.notFound(`Facility ${id} not found`);
      return sendPdf(reply, await fastify.cpuPool.run('exposureSheetPdf', { sheet, paper: request.query.paper }), `exposure-sheet-${id}.pdf`);
    },
  );
};

export default facilityRoutes;
