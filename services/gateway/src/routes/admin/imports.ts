/**
 * Imports through the running platform (admin only: app.ts checks the role for the whole
 * /admin prefix). Starting one saves the files on the uploads volume (or resolves the inbox
 * folder), writes a queued run record and enqueues the job; the workers do the rest
 * (JobNames.runImport). Replays are in replays.ts.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Value from 'typebox/value';
import { listImportRuns, newImportId, queueImport, queuedRunRecord, readImportRejects, readManifest, type RunRecord } from '@ust/read-model';
import { ErrorBody, ImportIdParams, ImportJobAccepted, ImportRejectsCsv, ImportsResponse, InboxImportBody, MAX_IMPORT_UPLOAD_BYTES } from '@ust/schemas';
import { InboxPathError, resolveInboxFolder } from '../../imports/inbox.js';
import { exportFileName, sendExport } from '../../exports/send-export.js';
import { rejectsCsv } from '../../imports/rejects-csv.js';
import { multipartUploadError, type MultipartUpload } from '../../imports/multipart-errors.js';
import { tooLarge } from '../../imports/upload-rules.js';
import { saveUpload } from '../../imports/uploads.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export interface ImportRoutesOptions {
  /** Bytes per upload request. @defaultValue MAX_IMPORT_UPLOAD_BYTES (500 MB, docs/decisions/0036-import-uploads.md) */
  uploadLimitBytes?: number;
}

const importRoutes: FastifyPluginAsyncTypebox<ImportRoutesOptions> = async (fastify, options) => {
  const limitBytes = options.uploadLimitBytes ?? MAX_IMPORT_UPLOAD_BYTES;
  const { dataDir, uploadsDir } = fastify.config;
  const { store } = fastify.ports;
  const upload: MultipartUpload = { field: 'files', maxFiles: 10_000, tooLarge: () => tooLarge(limitBytes) };
  // preservePath keeps `DE/UST/tank.csv`: a tank file's state comes from its folder.
  await fastify.register(multipart, { preservePath: true, limits: { fileSize: limitBytes, files: upload.maxFiles, fields: 0 } });

  const queue = (id: string, source: RunRecord['source'], paths: string[], sourceRoot: string) =>
    queueImport(fastify.ports, queuedRunRecord(id, source, { kind: 'files', paths, sourceRoot }));

  fastify.post(
    '/imports',
    {
      // Uploads stream to disk; only the JSON form is held to the 1 MB body limit.
      schema: {
        tags: ['admin'],
        summary:
          'Start an import: a multipart upload of EPA template or UST Finder CSV files or a ZIP of them, or JSON { folder } naming a folder under DATA_DIR/inbox',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 202: ImportJobAccepted, 413: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const id = newImportId();
      try {
        if (request.isMultipart()) {
          const declared = Number(request.headers['content-length'] ?? 0);
          if (declared > limitBytes) throw tooLarge(limitBytes);
          // On the uploads volume every worker reads (UPLOADS_DIR).
          const directory = path.join(uploadsDir, id);
          const saved = await saveUpload(request.files(), directory, limitBytes);
          request.log.info({ import_id: id, files: saved.length, by: request.principal!.userId }, 'import uploaded');
          return reply.code(202).send(await queue(id, 'upload', saved, directory));
        }
        if (!Value.Check(InboxImportBody, request.body)) {
          throw fastify.httpErrors.badRequest(
            'body: send CSV files or a ZIP of them as multipart/form-data, or JSON { "folder": "<folder under DATA_DIR/inbox>" }',
          );
        }
        const folder = await resolveInboxFolder(dataDir, request.body.folder);
        return reply.code(202).send(await queue(id, 'inbox', [folder], folder));
      } catch (error) {
        if (error instanceof InboxPathError) throw fastify.httpErrors.badRequest(error.message);
        throw multipartUploadError(error, upload) ?? error;
      }
    },
  );

  fastify.get(
    '/imports',
    { schema: { tags: ['admin'], summary: 'Every import, newest first, with its status and live progress', response: { 200: ImportsResponse, ...errors } } },
    async () => ({ imports: await listImportRuns(store) }),
  );

  fastify.get(
    '/imports/:id/rejects',
    {
      schema: {
        tags: ['admin'],
        summary: "An import's rejects report as CSV (UTF-8 with BOM, formula cells guarded)",
        params: ImportIdParams,
        produces: ['text/csv'],
        response: { 200: ImportRejectsCsv, 404: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // A queued import has no rejects report until its job starts reading.
      const manifest = await readManifest(store, id).catch(() => null);
      if (!manifest) throw fastify.httpErrors.notFound(`Import ${id} has no rejects report`);
      return sendExport(reply, 'csv', exportFileName(['rejects', id], 'csv'), rejectsCsv(readImportRejects(store, id)));
    },
  );
};

export default importRoutes;
