/**
 * The results list as a file: the same facilities, found again around the point the search
 * located, as CSV or GeoJSON.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { foundItemJson, readCurrentVersion } from '@ust/read-model';
import { CsvExport, ErrorBody, GeoJsonExport, SearchExportQuery, type SearchFacility } from '@ust/schemas';
import { csvChunks } from '../../exports/csv-writer.js';
import { SEARCH_FACILITY_COLUMNS, searchFacilityFeature } from '../../exports/facility-columns.js';
import { featureCollectionChunks } from '../../exports/geojson-writer.js';
import { exportFileName, sendExport } from '../../exports/send-export.js';

const searchExportRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const searchIndex = fastify.searchIndex.index;

  for (const format of ['csv', 'geojson'] as const) {
    fastify.get(
      `/export/${format}`,
      {
        schema: {
          tags: ['search', 'exports'],
          summary: `The facilities a search found around a point, as ${format === 'csv' ? 'CSV' : 'GeoJSON'}`,
          querystring: SearchExportQuery,
          produces: [format === 'csv' ? 'text/csv' : 'application/geo+json'],
          response: { 200: format === 'csv' ? CsvExport : GeoJsonExport, 400: ErrorBody, 503: ErrorBody },
        },
      },
      async (request, reply) => {
        const { latitude, longitude } = request.query;
        const version = await readCurrentVersion(fastify.ports.cache);
        if (version === null) throw fastify.httpErrors.serviceUnavailable('No dataset has been built yet');
        const found = await searchIndex.search(version, latitude, longitude);
        const facilities = found.facilities.map((item) => JSON.parse(foundItemJson(item)) as SearchFacility);
        const chunks = format === 'csv' ? csvChunks(SEARCH_FACILITY_COLUMNS, facilities) : featureCollectionChunks(facilities, searchFacilityFeature);
        const name = exportFileName(['search', `${latitude.toFixed(5)}_${longitude.toFixed(5)}`, `v${version}`], format);
        return sendExport(reply, format, name, chunks);
      },
    );
  }
};

export default searchExportRoutes;
