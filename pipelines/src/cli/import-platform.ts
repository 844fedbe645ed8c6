/**
 * What a pipeline command starts and follows its runs on: a running platform through its admin
 * API, or the embedded backend the command starts itself (docs/decisions/0107-one-path-per-command.md).
 * Both start the same jobs the workers run, and answer the same run records, so the commands
 * (commands.ts) do not know which one they talk to.
 */
import { stat } from 'node:fs/promises';
import type { AnalyticsStore, JobQueue } from '@ust/platform';
import {
  ImportNotFoundError,
  listImportRuns,
  newImportId,
  queueImport,
  queuedRunRecord,
  queueReplay,
  queueReplayAll,
  readReplayRecord,
  ReplayRefusedError,
  type ImportPlan,
} from '@ust/read-model';
import type { ImportJobAccepted, ImportRun, ReplayRun } from '@ust/schemas';
import { resolveSources } from '../read/sources.js';
import { AdminApiError, type AdminApi } from './admin-api.js';
import { importUploadForm } from './upload-form.js';

/** The platform refused or could not do what the command asked; the message says what (exit 1). */
export class CommandRefusedError extends Error {
  override readonly name = 'CommandRefusedError';
}

export interface ImportPlatform {
  /** Where an import's rejects report is read, for the summary. */
  rejectsUrl(id: string): string;
  /** Starts an import of the CSV files under `paths`, named relative to `sourceRoot`. */
  importFiles(paths: readonly string[], sourceRoot: string): Promise<ImportJobAccepted>;
  /** Starts an import of generated records, where the platform can generate them. */
  generate(plan: Extract<ImportPlan, { kind: 'generated' }>): Promise<ImportJobAccepted>;
  replayImport(id: string): Promise<ImportJobAccepted>;
  replayAll(): Promise<ImportJobAccepted>;
  listImports(): Promise<ImportRun[]>;
  replayRun(id: string): Promise<ReplayRun>;
}

/** A running platform's admin API: files are uploaded, the platform's workers read them. */
export function apiPlatform(api: AdminApi, url: string): ImportPlatform {
  return {
    rejectsUrl: (id) => `${url}/api/admin/imports/${id}/rejects`,
    async importFiles(paths, sourceRoot) {
      const upload = await importUploadForm(paths, sourceRoot).catch((error: unknown) => {
        // A file of a layout no reader knows: named relative to the import root.
        throw new CommandRefusedError((error as Error).message);
      });
      if (upload.files.length === 0) throw new CommandRefusedError(`No EPA template or UST Finder CSV file in ${paths.join(', ')}`);
      process.stderr.write(`Uploading ${upload.files.length} file(s) to the platform at ${url}...\n`);
      return api.startImport(upload.form);
    },
    generate() {
      throw new CommandRefusedError(`The platform at ${url} generates no records through its API.`);
    },
    replayImport: (id) => api.replayImport(id),
    replayAll: () => api.replayAll(),
    listImports: () => api.listImports(),
    replayRun: (id) => api.replayRun(id),
  };
}

/** The embedded backend this process runs: the workers read the files where they are. */
export function embeddedPlatform(ports: { store: AnalyticsStore; jobs: JobQueue }): ImportPlatform {
  const start = (plan: ImportPlan) => queueImport(ports, queuedRunRecord(newImportId(), 'cli', plan));
  return {
    rejectsUrl: (id) => `GET /api/admin/imports/${id}/rejects once the platform runs (Data Updates in the admin console)`,
    async importFiles(paths, sourceRoot) {
      const files = await resolveSources(paths, sourceRoot).catch((error: unknown) => {
        throw new CommandRefusedError((error as Error).message);
      });
      if (files.length === 0) throw new CommandRefusedError(`No EPA template or UST Finder CSV file in ${paths.join(', ')}`);
      return start({ kind: 'files', paths: [...paths], sourceRoot });
    },
    generate: (plan) => start(plan),
    async replayImport(id) {
      try {
        return await queueReplay(ports, id);
      } catch (error) {
        if (error instanceof ImportNotFoundError || error instanceof ReplayRefusedError) throw new CommandRefusedError(error.message);
        throw error;
      }
    },
    replayAll: () => queueReplayAll(ports),
    listImports: () => listImportRuns(ports.store),
    async replayRun(id) {
      const run = await readReplayRecord(ports.store, id);
      if (!run) throw new CommandRefusedError(`No replay ${id}`);
      return run;
    },
  };
}

/** Each path must exist: a typo is a usage problem (exit 2), told before anything starts. */
export async function missingPath(paths: readonly string[]): Promise<string | undefined> {
  for (const entry of paths) if (!(await stat(entry).catch(() => null))) return entry;
  return undefined;
}

/** The message of what the platform refused, with what to do when the token was the problem. */
export function refusalMessage(error: unknown, url: string | undefined): string | undefined {
  if (error instanceof CommandRefusedError) return error.message;
  if (!(error instanceof AdminApiError)) return undefined;
  const hint = error.status === 401 || error.status === 403 ? `\nUST_TOKEN, when set, must be an admin access token of the platform at ${url}.` : '';
  return `${error.message}${hint}`;
}
