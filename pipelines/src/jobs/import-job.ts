/**
 * The imports queue's processors (JobNames.runImport, replayImport, replayAll), registered by the
 * workers: a new import, a replay of one, a replay of all. Each job follows its import to live:
 * it publishes the files, then waits for ingest's commit and the rebuild, and records every step
 * in the run record the API reads (a replay of all, in its replay record: replay-all-job.ts).
 */
import {
  attemptAt,
  beginAttempt,
  commitRecorded,
  ImportNotFoundError,
  isFinalStatus,
  orderedSaver,
  progressWriter,
  queuedRunRecord,
  readDatasetMeta,
  readManifest,
  readRunRecord,
  writeRunRecord,
  type ImportManifest,
  type RunRecord,
} from '@ust/read-model';
import { JobNames, type ImportStatus } from '@ust/schemas';
import { failpoint, FAILPOINTS, UnrecoverableError, type AnalyticsStore, type Job, type Logger, type Ports, type Processor } from '@ust/platform';
import { awaitRebuild } from '../import/await-rebuild.js';
import { ImportFailedError, runImport, type RunImport, type TallyCounts } from '../import/run-import.js';
import { resolveSources } from '../read/sources.js';
import { estimateRows } from '../cli/estimate.js';
import { plannedCounts } from '../generate/index.js';
import { replayAll } from './replay-all-job.js';

export interface ImportJobDeps {
  ports: Ports;
  log: Logger;
  /** Reads and publishes an import: the workers' import thread (import-thread.ts). @defaultValue runImport, on this thread */
  runImport?: RunImport;
}

/** Throws UnrecoverableError (no retry) for data no retry could fix. */
function importIdOf(data: unknown): string {
  const id = (data as { import_id?: unknown } | null)?.import_id;
  if (typeof id !== 'string' || id.trim() === '') throw new UnrecoverableError(`import job data must name an import_id, got ${JSON.stringify(data)}`);
  return id;
}

/** The processors of the imports queue, by job name. */
export function importProcessors(deps: ImportJobDeps): Record<typeof JobNames.runImport | typeof JobNames.replayImport | typeof JobNames.replayAll, Processor> {
  return {
    [JobNames.runImport]: async (job) => runRecordedImport(deps, job, false),
    [JobNames.replayImport]: async (job) => runRecordedImport(deps, job, true),
    [JobNames.replayAll]: async (job) => replayAll(deps, job.id),
  };
}

/** A manifest that was never written is no manifest; any other failure to read one stands. */
function unlessNotFound(error: unknown): undefined {
  if (error instanceof ImportNotFoundError) return undefined;
  throw error;
}

/**
 * Runs an import (or a replay of one) to live. A job taken up again after its process died
 * resumes where the records allow: once ingest has recorded this run's commit, at the rebuild;
 * before that, from the start, under the version the first attempt chose, so that the rows it
 * writes are the rows the cut-off attempt wrote (docs/decisions/0108).
 */
async function runRecordedImport(deps: ImportJobDeps, job: Job, replay: boolean): Promise<{ status: string }> {
  const importId = importIdOf(job.data);
  const { store } = deps.ports;
  const record = await readRunRecord(store, importId);
  const manifest = await readManifest(store, importId).catch(unlessNotFound);
  // Nothing to run will ever appear under this id: one try, not three.
  if (!record && !(replay && manifest)) throw new UnrecoverableError(`No import ${importId} to run`);
  if (record?.job_id !== undefined && record.job_id !== job.id) {
    deps.log.warn(
      { import_id: importId, job_id: job.id, current_job: record.job_id },
      `import ${importId} is run by job ${record.job_id}; job ${job.id} has nothing to do`,
    );
    return { status: 'superseded' };
  }
  // Taken up again after it had finished (its process died before the queue heard): done.
  if (record?.job_id === job.id && isFinalStatus(record.status)) return { status: record.status };
  const plan = record?.plan ?? manifest!.plan;
  const current: RunRecord = record ?? queuedRunRecord(importId, 'cli', plan, job.id);
  const save = orderedSaver(current, (snapshot) => writeRunRecord(store, snapshot));
  const saveStep = (status: ImportStatus, changes: Partial<RunRecord> = {}) => save({ ...changes, status, attempts: attemptAt(current.attempts, status) });
  const committed = await committedByThisRun(store, current, manifest);
  const startedAt = Date.now();
  await save({
    status: committed ? 'rebuilding' : 'reading',
    job_id: job.id,
    attempts: beginAttempt(current.attempts, committed ? 'rebuilding' : 'reading', current.attempts?.length ? (committed ? 'rebuilding' : 'reading') : null),
    failure: null,
    started_at: current.started_at ?? new Date(startedAt).toISOString(),
    finished_at: null,
  });
  if (job.stalledCount > 0)
    deps.log.warn({ import_id: importId, job_id: job.id, resumed_at: current.status }, `import ${importId} taken up again after its process died`);
  try {
    const committedManifest = committed ?? (await readAndPublish(deps, current, save, saveStep, manifest, replay));
    await saveStep('rebuilding');
    // Once ingest has recorded the commit, the rebuild it enqueues next is this job's to enqueue
    // if ingest died first; before that, a rebuild would not see the import's rows.
    await awaitRebuild(deps.ports.jobs, committedManifest, { enqueueIfMissing: committed !== undefined });
    const meta = await readDatasetMeta(deps.ports.cache);
    await saveStep('live', { dataset_version: meta ? String(meta.dataset_version) : null, finished_at: new Date().toISOString() });
    return { status: 'live' };
  } catch (error) {
    const reason = error instanceof ImportFailedError ? error.reason : error instanceof Error ? error.message : String(error);
    await saveStep('failed', { failure: reason, finished_at: new Date().toISOString() });
    // Recorded as failed for the list; the job itself is done (a retry would read the same file).
    return { status: 'failed' };
  }
}

/** Reads the files (or generates), publishes the records and the commit; resolves with the committed manifest. */
async function readAndPublish(
  deps: ImportJobDeps,
  current: RunRecord,
  save: (changes: Partial<RunRecord>) => Promise<void>,
  saveStep: (status: ImportStatus, changes?: Partial<RunRecord>) => Promise<void>,
  manifest: ImportManifest | undefined,
  replay: boolean,
): Promise<ImportManifest> {
  const { plan } = current;
  const startedAt = Date.now();
  await save({ records: 0, total: plan.kind === 'files' ? await recordRows(plan.paths, plan.sourceRoot).catch(() => null) : plannedRecords(plan) });
  // A replay runs under the import's id and version. A new import runs under the id the API
  // answered with, and under the version its first attempt chose, kept in its manifest.
  const manifestOf: ImportManifest =
    replay && manifest
      ? manifest
      : manifest
        ? { import_id: manifest.import_id, version: manifest.version, plan: manifest.plan, started_at: manifest.started_at }
        : { import_id: current.import_id, version: startedAt, plan, started_at: current.started_at ?? new Date(startedAt).toISOString() };
  const result = await (deps.runImport ?? runImport)(
    plan,
    { events: deps.ports.events, store: deps.ports.store, log: deps.log, onProgress: progressOf(save, startedAt) },
    manifestOf,
  );
  // Committed: ingest promotes the staged rows, then enqueues the rebuild.
  await saveStep('written', { records: result.tally.records });
  await failpoint(FAILPOINTS.importWritten, deps.log);
  return result.manifest;
}

/**
 * The manifest of this run's commit once ingest has recorded it (the imports table), else
 * undefined: a commit published but never written (the embedded event log died with its
 * process) is published again by running the import again.
 */
async function committedByThisRun(store: AnalyticsStore, record: RunRecord, manifest: ImportManifest | undefined): Promise<ImportManifest | undefined> {
  if (!manifest?.committed_at || !record.started_at || manifest.committed_at < record.started_at) return undefined;
  return (await commitRecorded(store, manifest.import_id, manifest.committed_at)) ? manifest : undefined;
}

function progressOf(save: (changes: Partial<RunRecord>) => Promise<void>, startedAt: number): (tally: TallyCounts) => void {
  const write = progressWriter((records, rate) => save({ records, records_per_second: rate }), startedAt);
  return (tally: TallyCounts) => write(tally.records);
}

/** Equipment and corrections files only add to the rows of others: they are no rows of the bar's total. */
const NOT_RECORDS = new Set(['epa-compartment', 'epa-piping', 'coordinate-corrections']);

/** The rows of the files whose rows become records (or rejects): the progress bar's total. */
async function recordRows(paths: string[], sourceRoot: string): Promise<number> {
  const files = await resolveSources(paths, sourceRoot);
  return estimateRows(files.filter((file) => !NOT_RECORDS.has(file.format)).map((file) => file.path));
}

/** The records a generated plan makes: the progress bar's total. */
function plannedRecords(plan: Extract<ImportManifest['plan'], { kind: 'generated' }>): number {
  const counts = plannedCounts({ seed: plan.seed, scale: plan.scale, excludeStates: plan.excludeStates, realCounts: plan.realCounts });
  return counts.facilities + counts.tanks + counts.releases;
}
