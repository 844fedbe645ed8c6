/**
 * Imports through the running platform (docs/decisions/0034-access-by-role.md and
 * 0036-import-uploads.md): admins upload EPA template or UST Finder files, or name a folder
 * under DATA_DIR/inbox; each import runs as a job on the imports queue, one at a time, and its
 * progress is read live from `GET /api/admin/imports`.
 */
import Type, { type Static } from 'typebox';

/** At most this much per upload request (docs/decisions/0036-import-uploads.md). */
export const MAX_IMPORT_UPLOAD_BYTES = 500 * 1024 * 1024;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ImportStatus = Type.Union(
  [Type.Literal('queued'), Type.Literal('reading'), Type.Literal('written'), Type.Literal('rebuilding'), Type.Literal('live'), Type.Literal('failed')],
  { description: 'queued → reading (files published) → written (committed) → rebuilding (derived data) → live; or failed with its reason.' },
);
export type ImportStatus = Static<typeof ImportStatus>;

export const ImportProgress = Type.Object({
  records: Type.Integer({ minimum: 0, description: 'Rows read so far.' }),
  total: Nullable(Type.Integer({ minimum: 0, description: 'Rows the files hold (newlines minus headers), when counted.' })),
  records_per_second: Type.Number({ minimum: 0 }),
  eta_seconds: Nullable(Type.Number({ minimum: 0 })),
});

/**
 * One run of an import's job. A run cut off by a crash (its process killed, its machine lost) is
 * taken up by the next attempt, which resumes at the step the records allow (docs/decisions/0108).
 */
export const RunAttempt = Type.Object({
  started_at: Type.String({ format: 'date-time' }),
  resumed_at: Nullable(ImportStatus),
  step: ImportStatus,
  outcome: Type.Union([Type.Literal('running'), Type.Literal('live'), Type.Literal('failed'), Type.Literal('cut off')], {
    description: "'cut off': its process died in this step; the next attempt took it up.",
  }),
});
export type RunAttempt = Static<typeof RunAttempt>;

export const ImportRun = Type.Object({
  id: Type.String(),
  source: Type.Union([Type.Literal('upload'), Type.Literal('inbox'), Type.Literal('cli')], { description: 'How the files reached the platform.' }),
  files: Type.Array(Type.String(), { description: 'Files or folders read, relative to the import root.' }),
  states: Type.Array(Type.String(), { description: 'States the import provided rows for.' }),
  status: ImportStatus,
  failure: Nullable(Type.String({ description: 'Why it failed: file, line and problem.' })),
  records_read: Type.Integer({ minimum: 0 }),
  accepted: Type.Integer({ minimum: 0 }),
  rejected: Type.Integer({ minimum: 0 }),
  rejects_by_reason: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  warnings: Type.Integer({ minimum: 0, description: 'Rows kept with a field repaired (set to null).' }),
  warnings_by_reason: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  columns_not_mapped: Type.Array(Type.String(), {
    description: "Columns of states' own files that no mapping reads, as `file: column`: left out of the import.",
  }),
  release_links: Type.Object(
    { by_id: Type.Integer({ minimum: 0 }), by_address: Type.Integer({ minimum: 0 }), unlinked: Type.Integer({ minimum: 0 }) },
    { description: 'How the releases found their facility: by its id, by street address and ZIP, or kept as release sites without one.' },
  ),
  progress: ImportProgress,
  dataset_version: Nullable(Type.String({ description: 'The dataset version built after it went live.' })),
  queued_at: Nullable(Type.String({ format: 'date-time' })),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
  attempts: Type.Array(RunAttempt, { description: 'Runs of its latest job, oldest first; more than one after a crash.' }),
});
export type ImportRun = Static<typeof ImportRun>;

export const ImportsResponse = Type.Object({ imports: Type.Array(ImportRun, { description: 'Newest first.' }) });
export type ImportsResponse = Static<typeof ImportsResponse>;

/** The JSON form of `POST /api/admin/imports` (the other is a multipart upload of CSV files). */
export const InboxImportBody = Type.Object(
  { folder: Type.String({ minLength: 1, maxLength: 1000, description: 'A folder under DATA_DIR/inbox, relative to it.' }) },
  { additionalProperties: false },
);
export type InboxImportBody = Static<typeof InboxImportBody>;

export const ImportIdParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9-]{1,80}$' }) });

export const ImportJobAccepted = Type.Object({
  id: Type.String({ description: 'The import (or, for a replay from the beginning, the job) id.' }),
  status: Type.Literal('queued'),
});
export type ImportJobAccepted = Static<typeof ImportJobAccepted>;

/** A replay from the beginning, followed as an import is: every committed import re-read, then one rebuild. */
export const ReplayRun = Type.Object({
  id: Type.String(),
  status: ImportStatus,
  failure: Nullable(Type.String({ description: 'Why it failed: the import, file, line and problem.' })),
  imports_total: Nullable(Type.Integer({ minimum: 0, description: 'Committed imports to replay, once the job has listed them.' })),
  imports_replayed: Type.Integer({ minimum: 0 }),
  progress: ImportProgress,
  queued_at: Type.String({ format: 'date-time' }),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
  attempts: Type.Array(RunAttempt, { description: 'Runs of its job, oldest first; more than one after a crash.' }),
  /** The rebuild the replay waits for, once it has reached it: a later attempt waits for the same one. */
  rebuild_job_id: Type.Optional(Type.String()),
});
export type ReplayRun = Static<typeof ReplayRun>;

export const ReplayIdParams = ImportIdParams;

/** The rejects report as a CSV download (text/csv, UTF-8 with BOM, formula cells guarded). */
export const ImportRejectsCsv = Type.String({ description: 'text/csv: file,line,field,value,reason' });
