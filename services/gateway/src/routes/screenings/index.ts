/**
 * Portfolio screening (docs/decisions/0034-access-by-role.md, 0035-portfolio-matching.md):
 * brokers, underwriters and admins (app.ts checks the role for this prefix) upload a CSV of
 * locations; the workers screen it (JobNames.screenPortfolio) while the client
 * follows its progress. A screening is its owner's: anyone else but an admin is told it does
 * not exist.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CsvExport,
  ErrorBody,
  MAX_SCREENING_BYTES,
  ScreeningAccepted,
  ScreeningIdParams,
  ScreeningPdf,
  ScreeningPdfQuery,
  ScreeningResult,
  ScreeningRun,
  ScreeningsResponse,
  ScreeningXlsx,
  type ScreeningRow,
} from '@ust/schemas';
import { csvChunks } from '../../exports/csv-writer.js';
import { exportFileName, sendDownload, sendExport } from '../../exports/send-export.js';
import { sendPdf } from '../../exposure-sheet/send-pdf.js';
import { multipartUploadError, type MultipartUpload } from '../../imports/multipart-errors.js';
import { UploadError } from '../../imports/upload-rules.js';
import { portfolioTooLarge } from '../../screenings/portfolio-csv.js';
import { acceptedPortfolio } from '../../screenings/portfolio-read.js';
import { carriersIn, screeningColumns } from '../../screenings/screening-columns.js';
import { resultsCopy } from '../../screenings/results-copy.js';
import { sendScreeningResult } from '../../screenings/screening-result-json.js';
import {
  createScreening,
  enqueueScreening,
  listScreenings,
  newScreeningId,
  queuedScreening,
  readResultRows,
  readScreeningRecord,
  type StoredScreening,
} from '@ust/read-model';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const notFound = { 404: ErrorBody };
/** The CPU pool is full (cpu-pool/cpu-pool.ts): try again after retry-after. */
const busy = { 503: ErrorBody };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PORTFOLIO_UPLOAD: MultipartUpload = { field: 'file', maxFiles: 1, tooLarge: portfolioTooLarge };

const screeningRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { dataDir } = fastify.config;
  const { store } = fastify.ports;
  // One file of at most 10 MB; a byte more marks it truncated, which answers 413.
  await fastify.register(multipart, { limits: { fileSize: MAX_SCREENING_BYTES, files: PORTFOLIO_UPLOAD.maxFiles, fields: 0 } });

  /** The screening if the caller may see it: its owner, or an admin. */
  const visibleScreening = async (request: FastifyRequest, id: string): Promise<StoredScreening | null> => {
    const screening = await readScreeningRecord(store, id);
    if (!screening) return null;
    const principal = request.principal!;
    return principal.role === 'admin' || screening.owner_id === principal.userId ? screening : null;
  };
  const notFoundMessage = (id: string) => `Screening ${id} not found`;
  const stillRunning = (screening: ScreeningRun) =>
    `Screening ${screening.id} is ${screening.status === 'failed' ? `failed (${screening.failure ?? 'no reason recorded'})` : `still ${screening.status}: ${screening.rows_done} of ${screening.rows_total} rows screened`}; its downloads are ready when it is done`;

  fastify.post(
    '/',
    {
      schema: {
        tags: ['screenings'],
        summary: `Screen a portfolio: a multipart upload of one CSV (field "file") of at most 10,000 locations and 10 MB`,
        consumes: ['multipart/form-data'],
        response: { 202: ScreeningAccepted, 413: ErrorBody, ...busy, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw fastify.httpErrors.badRequest('body: send the portfolio as multipart/form-data with one CSV file in the field "file"');
      if (Number(request.headers['content-length'] ?? 0) > MAX_SCREENING_BYTES + 64 * 1024) throw portfolioTooLarge();
      try {
        const parts = request.files();
        const first = await parts.next();
        if (first.done) throw new UploadError(400, 'file: the upload holds no file');
        const part = first.value;
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw portfolioTooLarge();
        // A second file would otherwise go unread and unsaid: the multipart limit refuses it here.
        await parts.next();
        const fileName = path.basename(part.filename || 'portfolio.csv').slice(0, 200);
        const { rows, rowsJsonLines } = acceptedPortfolio(await fastify.cpuPool.run('readPortfolio', bytes));
        const principal = request.principal!;
        const record = queuedScreening(newScreeningId(), fileName, { userId: principal.userId, email: principal.email }, rows);
        await createScreening(store, record, rowsJsonLines);
        await enqueueScreening(fastify.ports.jobs, record);
        request.log.info({ screening_id: record.id, rows, by: principal.userId }, 'portfolio screening queued');
        return reply.code(202).send({ id: record.id, status: 'queued' as const, rows_total: rows });
      } catch (error) {
        throw multipartUploadError(error, PORTFOLIO_UPLOAD) ?? error;
      }
    },
  );

  fastify.get(
    '/',
    { schema: { tags: ['screenings'], summary: 'Your screenings (every one, for an admin), newest first', response: { 200: ScreeningsResponse, ...errors } } },
    async (request) => {
      const all = await listScreenings(store);
      const principal = request.principal!;
      return { screenings: principal.role === 'admin' ? all : all.filter((screening) => screening.owner_id === principal.userId) };
    },
  );

  fastify.get(
    '/:id',
    {
      schema: {
        tags: ['screenings'],
        summary: "A screening's status and live progress",
        params: ScreeningIdParams,
        response: { 200: ScreeningRun, ...notFound, ...errors },
      },
    },
    async (request) => {
      const screening = await visibleScreening(request, request.params.id);
      if (!screening) throw fastify.httpErrors.notFound(notFoundMessage(request.params.id));
      return screening;
    },
  );

  fastify.get(
    '/:id/rows',
    {
      schema: {
        tags: ['screenings'],
        summary: "A screening's rows screened so far, in file order, with how each was placed, matched and screened",
        params: ScreeningIdParams,
        response: { 200: ScreeningResult, ...notFound, ...errors },
      },
    },
    async (request, reply) => {
      const screening = await visibleScreening(request, request.params.id);
      if (!screening) throw fastify.httpErrors.notFound(notFoundMessage(request.params.id));
      return sendScreeningResult(reply, store, screening);
    },
  );

  /** The screening when it is done; else throws why not (404 or 409). */
  const finishedScreening = async (request: FastifyRequest, id: string): Promise<ScreeningRun> => {
    const screening = await visibleScreening(request, id);
    if (!screening) throw fastify.httpErrors.notFound(notFoundMessage(id));
    if (screening.status !== 'done') throw fastify.httpErrors.conflict(stillRunning(screening));
    return screening;
  };
  const downloadName = (screening: ScreeningRun) => ['screening', path.parse(screening.file_name).name, screening.id];

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

export default screeningRoutes;
