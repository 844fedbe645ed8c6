/**
 * A done screening's downloads: its rows as CSV or as an Excel workbook, and its portfolio
 * summary as PDF. The workbook and the PDF are made on the CPU pool.
 */
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CsvExport, ErrorBody, ScreeningIdParams, ScreeningPdf, ScreeningPdfQuery, ScreeningXlsx, type ScreeningRow, type ScreeningRun } from '@ust/schemas';
import { readResultRows } from '@ust/read-model';
import { csvChunks } from '../../exports/csv-writer.js';
import { exportFileName, sendDownload, sendExport } from '../../exports/send-export.js';
import { sendPdf } from '../../exposure-sheet/send-pdf.js';
import { carriersIn, screeningColumns } from '../../screenings/screening-columns.js';
import { resultsCopy } from '../../screenings/results-copy.js';
import { visibleScreening } from './visible-screening.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const notFound = { 404: ErrorBody };
/** The CPU pool is full (cpu-pool/cpu-pool.ts): try again after retry-after. */
const busy = { 503: ErrorBody };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const stillRunning = (screening: ScreeningRun) =>
  `Screening ${screening.id} is ${screening.status === 'failed' ? `failed (${screening.failure ?? 'no reason recorded'})` : `still ${screening.status}: ${screening.rows_done} of ${screening.rows_total} rows screened`}; its downloads are ready when it is done`;
const downloadName = (screening: ScreeningRun) => ['screening', path.parse(screening.file_name).name, screening.id];

const screeningDownloadRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { dataDir } = fastify.config;
  const { store } = fastify.ports;

  /** The screening when it is done; else throws why not (404 or 409). */
  const finishedScreening = async (request: FastifyRequest, id: string): Promise<ScreeningRun> => {
    const screening = await visibleScreening(store, request, id);
    if (screening.status !== 'done') throw fastify.httpErrors.conflict(stillRunning(screening));
    return screening;
  };

  fastify.get(
    '/:id/export/csv',
    {
      schema: {
        tags: ['screenings', 'exports'],
        summary: "A done screening's rows as CSV (UTF-8 with BOM, formula cells guarded), one column per carrier's indicative premium",
        params: ScreeningIdParams,
        produces: ['text/csv'],
        response: { 200: CsvExport, 409: ErrorBody, ...notFound, ...errors },
      },
    },
    async (request, reply) => {
      const screening = await finishedScreening(request, request.params.id);
      // Read twice, a row at a time: once for the carrier columns, once to write them.
      const columns = screeningColumns(await carriersIn(readResultRows(store, screening)));
      return sendExport(reply, 'csv', exportFileName(downloadName(screening), 'csv'), csvChunks<ScreeningRow>(columns, readResultRows(store, screening)));
    },
  );

  fastify.get(
    '/:id/export/xlsx',
    {
      schema: {
        tags: ['screenings', 'exports'],
        summary: "A done screening's rows as an Excel workbook (a Locations sheet and an About sheet)",
        params: ScreeningIdParams,
        produces: [XLSX_TYPE],
        response: { 200: ScreeningXlsx, 409: ErrorBody, ...notFound, ...busy, ...errors },
      },
    },
    async (request, reply) => {
      const screening = await finishedScreening(request, request.params.id);
      const name = exportFileName(downloadName(screening), 'csv').replace(/\.csv$/, '.xlsx');
      return sendDownload(
        reply,
        XLSX_TYPE,
        name,
        await fastify.cpuPool.run('screeningXlsx', { resultsFile: await resultsCopy(store, dataDir, screening), screening }),
      );
    },
  );

  fastify.get(
    '/:id/summary.pdf',
    {
      schema: {
        tags: ['screenings', 'exports'],
        summary: "A done screening's portfolio summary as PDF: risk distribution, premium per carrier, top 20 exposures, locations by state",
        params: ScreeningIdParams,
        querystring: ScreeningPdfQuery,
        produces: ['application/pdf'],
        response: { 200: ScreeningPdf, 409: ErrorBody, ...notFound, ...busy, ...errors },
      },
    },
    async (request, reply) => {
      const screening = await finishedScreening(request, request.params.id);
      const name = exportFileName(downloadName(screening), 'csv').replace(/\.csv$/, '-summary.pdf');
      const resultsFile = await resultsCopy(store, dataDir, screening);
      const pdf = await fastify.cpuPool.run('screeningPdf', { resultsFile, screening, paper: request.query.paper });
      return sendPdf(reply, pdf, name);
    },
  );
};

export default screeningDownloadRoutes;
