/**
 * A county's or a state's facilities as CSV or GeoJSON (the map panel's list and the map's
 * selection): read from the cache as it is written out, a state chunk by chunk, a county's
 * stored body through a gunzip stream (@ust/read-model's streamCountyFacilities).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STATE_CODES } from '@ust/domain';
import { readCurrentVersion, streamCountyFacilities, streamStateFacilities, type FacilityListStream } from '@ust/read-model';
import { CsvExport, ErrorBody, FacilitiesByFipsParams, FacilitiesByStateParams, GeoJsonExport } from '@ust/schemas';
import type { FastifyReply } from 'fastify';
import { csvChunks } from '../../exports/csv-writer.js';
import { REGION_FACILITY_COLUMNS, regionFacilityFeature } from '../../exports/facility-columns.js';
import { featureCollectionChunks } from '../../exports/geojson-writer.js';
import { exportFileName, sendExport, type ExportFormat } from '../../exports/send-export.js';
import { knownStateCode } from './state-code.js';

const FORMATS: ReadonlyArray<{ format: ExportFormat; response: typeof CsvExport | typeof GeoJsonExport; produces: string }> = [
  { format: 'csv', response: CsvExport, produces: 'text/csv' },
  { format: 'geojson', response: GeoJsonExport, produces: 'application/geo+json' },
];

function sendFacilities(reply: FastifyReply, format: ExportFormat, list: FacilityListStream, name: string[]) {
  const chunks = format === 'csv' ? csvChunks(REGION_FACILITY_COLUMNS, list.items) : featureCollectionChunks(list.items, regionFacilityFeature);
  return sendExport(reply, format, exportFileName(['facilities', ...name, `v${list.version}`], format), chunks);
}

const facilityExportRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { cache } = fastify.ports;

  for (const { format, response, produces } of FORMATS) {
    fastify.get(
      `/by-fips/:fips/export/${format}`,
      {
        schema: {
          tags: ['facilities', 'exports'],
          summary: `Every facility of a county as ${format === 'csv' ? 'CSV' : 'GeoJSON'} (streamed)`,
          params: FacilitiesByFipsParams,
          produces: [produces],
          response: { 200: response, 404: ErrorBody, 503: ErrorBody },
        },
      },
      async (request, reply) => {
        const { fips } = request.params;
        const list = await streamCountyFacilities(cache, fips);
        if (list) return sendFacilities(reply, format, list, [STATE_CODES[fips.slice(0, 2)]?.code ?? '', fips]);
        if ((await readCurrentVersion(cache)) === null) throw fastify.httpErrors.serviceUnavailable('No dataset has been built yet');
        throw fastify.httpErrors.notFound(`County ${fips} not found`);
      },
    );

    fastify.get(
      `/by-state/:state/export/${format}`,
      {
        schema: {
          tags: ['facilities', 'exports'],
          summary: `Every facility of a state as ${format === 'csv' ? 'CSV' : 'GeoJSON'} (streamed)`,
          params: FacilitiesByStateParams,
          produces: [produces],
          response: { 200: response, 400: ErrorBody, 404: ErrorBody, 503: ErrorBody },
        },
      },
      async (request, reply) => {
        const state = knownStateCode(request.params.state);
        const list = await streamStateFacilities(cache, state);
        if (list) return sendFacilities(reply, format, list, [state]);
        if ((await readCurrentVersion(cache)) === null) throw fastify.httpErrors.serviceUnavailable('No dataset has been built yet');
        throw fastify.httpErrors.notFound(`State ${state} has no facility list`);
      },
    );
  }
};

export default facilityExportRoutes;
