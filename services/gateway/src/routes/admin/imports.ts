/**
 * Imports through the running platform (admin only: app.ts checks the role for the whole
 * /admin prefix). Starting one saves the files (or resolves the inbox folder), writes a queued
 * run record and enqueues the job; the workers do the rest (JobNames.runImport).
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Value from 'typebox/value';
import {
  listImportRuns,
  listManifests,
  newImportId,
  queuedReplayRecord,
  queuedRunRecord,
  readImportRejects,
  readManifest,
  readReplayRecord,
  readRunRecord,
  writeReplayRecord,
  writeRunRecord,
  type ImportManifest,
  type RunRecord,
} from '@ust/read-model';
import type { AnalyticsStore } from '@ust/platform';
import {
  ErrorBody,
  ImportIdParams,
  ImportJobAccepted,
  JobNames,
  JobQueueOf,
  ImportRejectsCsv,
  ImportsResponse,
  InboxImportBody,
  MAX_IMPORT_UPLOAD_BYTES,
  ReplayIdParams,
  ReplayRun,
} from '@ust/schemas';
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
  const { jobs, store } = fastify.ports;
  const enqueueImportJob = (name: typeof JobNames.runImport | typeof JobNames.replayImport | typeof JobNames.replayAll, data: object, jobId: string) =>
    jobs.enqueue(JobQueueOf[name], name, data, { jobId, attempts: 1 });
  const upload: MultipartUpload = { field: 'files', maxFiles: 10_000, tooLarge: () => tooLarge(limitBytes) };
  // preservePath keeps `DE/UST/tank.csv`: a tank file's state comes from its folder.
  await fastify.register(multipart, { preservePath: true, limits: { fileSize: limitBytes, files: upload.maxFiles, fields: 0 } });

  const enqueue = async (record: RunRecord) => {
    await writeRunRecord(store, record);
    await enqueueImportJob(JobNames.runImport, { import_id: record.import_id }, record.import_id);
    return { id: record.import_id, status: 'queued' as const };
  };
  const queued = (id: string, source: RunRecord['source'], paths: string[], sourceRoot: string) =>
    queuedRunRecord(id, source, { kind: 'files', paths, sourceRoot });

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
          return reply.code(202).send(await enqueue(queued(id, 'upload', saved, directory)));
        }
        if (!Value.Check(InboxImportBody, request.body)) {
          return reply.badRequest('body: send CSV files or a ZIP of them as multipart/form-data, or JSON { "folder": "<folder under DATA_DIR/inbox>" }');
        }
        const folder = await resolveInboxFolder(dataDir, request.body.folder);
        return reply.code(202).send(await enqueue(queued(id, 'inbox', [folder], folder)));
      } catch (error) {
        if (error instanceof InboxPathError) return reply.badRequest(error.message);
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
      const manifest = await readManifest(store, id).catch(() => null);
      if (!manifest) return reply.notFound(`Import ${id} has no rejects report`);
      return sendExport(reply, 'csv', exportFileName(['rejects', id], 'csv'), rejectsCsv(readImportRejects(store, id)));
    },
  );

  fastify.post(
    '/imports/:id/replay',
    {
      schema: {
        tags: ['admin'],
        summary: 'Run a recorded import again under its id and version',
        params: ImportIdParams,
        response: { 202: ImportJobAccepted, 404: ErrorBody, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const manifest = await readManifest(store, id).catch(() => null);
      if (!manifest) return reply.notFound(`No import ${id}`);
      if (!manifest.committed_at)
        return reply.conflict(`Import ${id} never went live (${manifest.failure ?? 'not committed'}); import the files again instead`);
      const newer = await supersededBy(store, manifest);
      if (newer) {
        // Its rows were replaced by the newer import's versions: a replay would write rows that never show.
        return reply.conflict(`Import ${id} was superseded by ${newer.import_id} (same states); import its files again instead of replaying it`);
      }
      // Queued from now, also for an import the CLI ran offline (no record yet): a reader never
      // takes the previous run's live status for this replay's.
      const record = (await readRunRecord(store, id)) ?? queuedRunRecord(id, 'cli', manifest.plan);
      await writeRunRecord(store, { ...record, status: 'queued', failure: null, queued_at: new Date().toISOString(), finished_at: null });
      await enqueueImportJob(JobNames.replayImport, { import_id: id }, `replay-${id}-${Date.now()}`);
      return reply.code(202).send({ id, status: 'queued' as const });
    },
  );

  fastify.post(
    '/replay',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replay from the beginning: every committed import again, in version order',
        response: { 202: ImportJobAccepted, ...errors },
      },
    },
    async (_request, reply) => {
      const jobId = `replay-all-${Date.now()}`;
      await writeReplayRecord(store, queuedReplayRecord(jobId));
      await enqueueImportJob(JobNames.replayAll, {}, jobId);
      return reply.code(202).send({ id: jobId, status: 'queued' as const });
    },
  );

  fastify.get(
    '/replay/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A replay from the beginning: its status and progress over every committed import',
        params: ReplayIdParams,
        response: { 200: ReplayRun, 404: ErrorBody, ...errors },
      },
    },
    async (request, reply) => (await readReplayRecord(store, request.params.id)) ?? reply.notFound(`No replay ${request.params.id}`),
  );
};

/** A later committed import that accepted rows for one of `manifest`'s states, if any. */
async function supersededBy(store: AnalyticsStore, manifest: ImportManifest): Promise<ImportManifest | undefined> {
  const states = new Set(Object.keys(manifest.tables_by_state ?? {}));
  return (await listManifests(store)).find((other) => {
    const accepted = other.counts ? other.counts.facilities + other.counts.tanks + other.counts.releases : 0;
    return other.version > manifest.version && accepted > 0 && Object.keys(other.tables_by_state ?? {}).some((state) => states.has(state));
  });
}

export default importRoutes;
