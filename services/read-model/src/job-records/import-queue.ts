/**
 * Starting an import, a replay of one and a replay of all: the queued record the run is followed
 * by, then the job the workers run (JobNames.runImport, replayImport, replayAll). The admin API
 * and `pnpm pipeline` run offline both start them here, so a run is followed the same way
 * whoever started it.
 */
import type { AnalyticsStore, JobQueue } from '@ust/platform';
import { JobNames, JobQueueOf, type ImportJobAccepted } from '@ust/schemas';
import { listManifests, readManifest, type ImportManifest } from './import-manifests.js';
import { queuedRunRecord, readRunRecord, writeRunRecord, type RunRecord } from './import-runs.js';
import { queuedReplayRecord, writeReplayRecord } from './replay-runs.js';

interface QueuePorts {
  store: AnalyticsStore;
  jobs: JobQueue;
}

type ImportJobName = typeof JobNames.runImport | typeof JobNames.replayImport | typeof JobNames.replayAll;

/** One try: a failed import is recorded as failed, and a retry would read the same files. */
const enqueue = (jobs: JobQueue, name: ImportJobName, data: object, jobId: string) => jobs.enqueue(JobQueueOf[name], name, data, { jobId, attempts: 1 });

/** A replay that would do nothing good; the message says why and what to do instead. */
export class ReplayRefusedError extends Error {
  override readonly name = 'ReplayRefusedError';
}

/** Records a new import as queued and enqueues its job. */
export async function queueImport({ store, jobs }: QueuePorts, record: RunRecord): Promise<ImportJobAccepted> {
  await writeRunRecord(store, record);
  await enqueue(jobs, JobNames.runImport, { import_id: record.import_id }, record.import_id);
  return { id: record.import_id, status: 'queued' };
}

/**
 * Queues a recorded import to run again under its id and version. Throws ImportNotFoundError for
 * no such import, ReplayRefusedError for one that never went live or whose rows a newer import
 * replaced.
 */
export async function queueReplay({ store, jobs }: QueuePorts, id: string): Promise<ImportJobAccepted> {
  const manifest = await readManifest(store, id);
  if (!manifest.committed_at)
    throw new ReplayRefusedError(`Import ${id} never went live (${manifest.failure ?? 'not committed'}); import the files again instead`);
  const newer = await supersededBy(store, manifest);
  // Its rows were replaced by the newer import's versions: a replay would write rows that never show.
  if (newer) throw new ReplayRefusedError(`Import ${id} was superseded by ${newer.import_id} (same states); import its files again instead of replaying it`);
  // Queued from now, also for an import with no run record yet: a reader never takes the
  // previous run's live status for this replay's.
  const jobId = `replay-${id}-${Date.now()}`;
  const record = (await readRunRecord(store, id)) ?? queuedRunRecord(id, 'cli', manifest.plan, jobId);
  // A new run: its own job, its own attempts, its own start.
  await writeRunRecord(store, {
    ...record,
    job_id: jobId,
    attempts: [],
    status: 'queued',
    failure: null,
    queued_at: new Date().toISOString(),
    started_at: null,
    finished_at: null,
  });
  await enqueue(jobs, JobNames.replayImport, { import_id: id }, jobId);
  return { id, status: 'queued' };
}

/** Queues a replay from the beginning; its id names its replay record. */
export async function queueReplayAll({ store, jobs }: QueuePorts): Promise<ImportJobAccepted> {
  const id = `replay-all-${Date.now()}`;
  await writeReplayRecord(store, queuedReplayRecord(id));
  await enqueue(jobs, JobNames.replayAll, {}, id);
  return { id, status: 'queued' };
}

/** A later committed import that accepted rows for one of `manifest`'s states, if any. */
async function supersededBy(store: AnalyticsStore, manifest: ImportManifest): Promise<ImportManifest | undefined> {
  const states = new Set(Object.keys(manifest.tables_by_state ?? {}));
  return (await listManifests(store)).find((other) => {
    const accepted = other.counts ? other.counts.facilities + other.counts.tanks + other.counts.releases : 0;
    return other.version > manifest.version && accepted > 0 && Object.keys(other.tables_by_state ?? {}).some((state) => states.has(state));
  });
}
