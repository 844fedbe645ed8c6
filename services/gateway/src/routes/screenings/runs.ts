/**
 * Starting a screening and following it: the upload of a portfolio CSV, which queues the
 * workers' job (JobNames.screenPortfolio), the caller's list, one screening's status and the
 * rows screened so far.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, MAX_SCREENING_BYTES, ScreeningAccepted, ScreeningIdParams, ScreeningResult, ScreeningRun, ScreeningsResponse } from '@ust/schemas';
import { createScreening, enqueueScreening, listScreenings, newScreeningId, queuedScreening } from '@ust/read-model';
import { multipartUploadError, type MultipartUpload } from '../../imports/multipart-errors.js';
import { UploadError } from '../../imports/upload-rules.js';
import { portfolioTooLarge } from '../../screenings/portfolio-csv.js';
import { acceptedPortfolio } from '../../screenings/portfolio-read.js';
import { sendScreeningResult } from '../../screenings/screening-result-json.js';
import { visibleScreening } from './visible-screening.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const notFound = { 404: ErrorBody };
/** The CPU pool is full (cpu-pool/cpu-pool.ts): try again after retry-after. */
const busy = { 503: ErrorBody };
const PORTFOLIO_UPLOAD: MultipartUpload = { field: 'file', maxFiles: 1, tooLarge: portfolioTooLarge };

const screeningRunRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store } = fastify.ports;
  // One file of at most 10 MB; a byte more marks it truncated, which answers 413.
  await fastify.register(multipart, { limits: { fileSize: MAX_SCREENING_BYTES, files: PORTFOLIO_UPLOAD.maxFiles, fields: 0 } });

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
    async (request) => visibleScreening(store, request, request.params.id),
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
      const screening = await visibleScreening(store, request, request.params.id);
      return sendScreeningResult(reply, store, screening);
    },
  );
};

export default screeningRunRoutes;
