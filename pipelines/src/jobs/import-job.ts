/**
 * The imports queue's processors (JobNames.runImport, replayImport, replayAll), registered by the
 * workers: a new import, a replay of one, a replay of all. Each job follows its import to live:
 * it publishes the files, then waits for ingest's commit and the rebuild, and records every step
 * in the run record the API reads (a replay of all, in its replay record: replay-all-job.ts).
 */
import {
  ImportNotFoundError,
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
import { JobNames, JobQueueOf } from '@ust/schemas';
import { UnrecoverableError, type Logger, type Ports, type Processor } from '@ust/platform';
import { awaitRebuild } from '../import/await-rebuild.js';
import { ImportFailedError, runImport } from '../import/run-import.js';
import type { ImportTally } from '../read/tally.js';
import { resolveSources } from '../read/sources.js';
import { estimateRows } from '../cli/estimate.js';
import { plannedCounts } from '../generate/index.js';
import { replayAll } from './replay-all-job.js';

export interface ImportJobDeps {
  ports: Ports;
  log: Logger;
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
    [JobNames.runImport]: async (job) => runRecordedImport(deps, importIdOf(job.data), false),
    [JobNames.replayImport]: async (job) => runRecordedImport(deps, importIdOf(job.data), true),
    [JobNames.replayAll]: async (job) => replayAll(deps, job.id),
  };
}

/** A manifest that was never written is no manifest; any other failure to read one stands. */
function unlessNotFound(error: unknown): undefined {
  if (error instanceof ImportNotFoundError) return undefined;
  throw error;
}

async function runRecordedImport(deps: ImportJobDeps, importId: string, replay: boolean): Promise<{ status: string }> {
  const record = await readRunRecord(deps.ports.store, importId);
  const replayOf = replay ? await readManifest(deps.ports.store, importId).catch(unlessNotFound) : undefined;
  // Nothing to run will ever appear under this id: one try, not three.
  if (!record && !replayOf) throw new UnrecoverableError(`No import ${importId} to run`);
  const plan = record?.plan ?? replayOf!.plan;
  const current: RunRecord = record ?? queuedRunRecord(importId, 'cli', plan);
  const save = orderedSaver(current, (snapshot) => writeRunRecord(deps.ports.store, snapshot));
  const startedAt = Date.now();
  await save({ status: 'reading', failure: null, started_at: new Date(startedAt).toISOString(), finished_at: null, records: 0 });
  await save({ total: plan.kind === 'files' ? await recordRows(plan.paths, plan.sourceRoot).catch(() => null) : plannedRecords(plan) });
  try {
    // A new import runs under the id the API answered with: a manifest without a commit carries it.
    const manifestOf: ImportManifest = replayOf ?? { import_id: importId, version: startedAt, plan: current.plan, started_at: current.started_at! };
    const result = await runImport(
      current.plan,
      { events: deps.ports.events, store: deps.ports.store, log: deps.log, onProgress: progressOf(save, startedAt) },
      manifestOf,
    );
    // Committed: ingest promotes the staged rows, then enqueues the rebuild.
    await save({ status: 'written', records: result.tally.records });
    await rebuildEnqueued(deps.ports.jobs, result.manifest);
    await save({ status: 'rebuilding' });
    await awaitRebuild(deps.ports.jobs, result.manifest);
    const meta = await readDatasetMeta(deps.ports.cache);
    await save({ status: 'live', dataset_version: meta ? String(meta.dataset_version) : null, finished_at: new Date().toISOString() });
    return { status: 'live' };
  } catch (error) {
    const reason = error instanceof ImportFailedError ? error.reason : error instanceof Error ? error.message : String(error);
    await save({ status: 'failed', failure: reason, finished_at: new Date().toISOString() });
    // Recorded as failed for the list; the job itself is done (a retry would read the same file).
    return { status: 'failed' };
  }
}

function progressOf(save: (changes: Partial<RunRecord>) => Promise<void>, startedAt: number): (tally: ImportTally) => void {
  const write = progressWriter((records, rate) => save({ records, records_per_second: rate }), startedAt);
  return (tally) => write(tally.records);
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
  const counts = plannedCounts({ seed: plan.seed, scale: plan.scale, excludeStates: plan.excludeStates });
  return counts.facilities + counts.tanks + counts.releases;
}

/** Resolves once ingest has written the import and enqueued its rebuild (the id awaitRebuild waits for). */
async function rebuildEnqueued(jobs: Ports['jobs'], manifest: ImportManifest, timeoutMs = 15 * 60_000): Promise<void> {
  const id = `rebuild-after-${manifest.import_id}-${manifest.committed_at}`;
  const deadline = Date.now() + timeoutMs;
  while (!(await jobs.getJob(JobQueueOf[JobNames.rebuildDataset], id))) {
    if (Date.now() > deadline) return; // awaitRebuild says why
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
