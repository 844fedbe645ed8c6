/**
 * One facility: its details from ClickHouse (one statement) through a read-through cache of the
 * serialized body, and its exposure sheet as JSON or as a PDF rendered on the CPU pool.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ExposureSheet, ExposureSheetPdf, ExposureSheetPdfQuery, FacilityDetails, FacilityIdParams } from '@ust/schemas';
import { dialogBodyKeys, readDatasetMeta } from '@ust/read-model';
import { loadExposureSheet } from '../../exposure-sheet/load-exposure-sheet.js';
import { sendPdf } from '../../exposure-sheet/send-pdf.js';
import { getFacilityWithTanksAndReleases } from '../../queries/facilities/get-facility-with-tanks-and-releases.js';
import { createReadThrough, sendSerialized } from '../../queries/read-through.js';
import { toFacilityDetails } from './to-facility-details.js';

const facilityDetailRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { cache, store } = fastify.ports;
  const readThrough = createReadThrough(cache);

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
        return found && toFacilityDetails(found, meta);
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

export default facilityDetailRoutes;
