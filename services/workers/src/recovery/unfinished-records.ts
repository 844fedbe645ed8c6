/**
 * The start-up check: every import, replay and screening whose record is not final must have a
 * job behind it that will finish it. One with none (its job was lost: a queue that forgot it,
 * a crash between writing the record and enqueueing) gets a new job; one whose job has ended
 * without finishing it (failed for good, or taken back from dead workers too often) is marked
 * failed with the job's reason. Each repair is logged and kept for System Health.
 */
import type { JobQueue, JobState, Logger, Ports } from '@ust/platform';
import {
  enqueueScreening,
  isFinalStatus,
  listImportRuns,
  listReplayRecords,
  listScreenings,
  readRunRecord,
  recordRecovery,
  writeReplayRecord,
  writeRunRecord,
  writeScreeningRecord,
  type StoredScreening,
} from '@ust/read-model';
import { JobNames, JobQueueOf, type JobName } from '@ust/schemas';

/** A record queued this recently may still be on its way to the queue (a gateway between its two writes). */
const QUEUED_GRACE_MS = 60_000;

export interface RecordRepair {
  subject: string;
  action: string;
}

interface RepairDeps {
  ports: Ports;
  log: Logger;
}

/** What stands behind a record: a job still to run, one that ended, or none. */
type JobBehind = { kind: 'pending' } | { kind: 'ended'; state: JobState } | { kind: 'none' };

async function jobBehind(jobs: JobQueue, name: JobName, ids: readonly string[]): Promise<JobBehind> {
  let ended: JobState | undefined;
  for (const id of ids) {
    const state = await jobs.getJob(JobQueueOf[name], id);
    if (!state) continue;
    if (state.status !== 'completed' && state.status !== 'failed') return { kind: 'pending' };
    ended ??= state;
  }
  return ended ? { kind: 'ended', state: ended } : { kind: 'none' };
}

const endedReason = (state: JobState) =>
  state.status === 'failed'
    ? `its job ${state.id} failed: ${state.failedReason ?? 'no reason given'}`
    : `its job ${state.id} ended without finishing it; start it again`;

const recentlyQueued = (status: string, queuedAt: string | null, now: number) =>
  status === 'queued' && queuedAt !== null && now - Date.parse(queuedAt) < QUEUED_GRACE_MS;

/** Runs the check once; returns what it repaired. */
export async function repairUnfinishedRecords(deps: RepairDeps, now = Date.now()): Promise<RecordRepair[]> {
  const repairs = [...(await repairImports(deps, now)), ...(await repairReplays(deps, now)), ...(await repairScreenings(deps, now))];
  if (repairs.length) deps.log.warn({ repairs }, `start-up check: ${repairs.length} unfinished record(s) had no job running them`);
  return repairs;
}

async function repairImports({ ports, log }: RepairDeps, now: number): Promise<RecordRepair[]> {
  const repairs: RecordRepair[] = [];
  for (const run of await listImportRuns(ports.store)) {
    if (isFinalStatus(run.status) || recentlyQueued(run.status, run.queued_at, now)) continue;
    const record = await readRunRecord(ports.store, run.id);
    // An import run offline by an older CLI has only its manifest: nothing to run it again from.
    if (!record) continue;
    const jobId = record.job_id ?? record.import_id;
    // A replay of one import runs under a job id of its own (import-queue.ts).
    const name = jobId.startsWith('replay-') ? JobNames.replayImport : JobNames.runImport;
    const subject = `import ${record.import_id}`;
    const behind = await jobBehind(ports.jobs, name, [jobId]);
    if (behind.kind === 'pending') continue;
    if (behind.kind === 'ended') {
      const failure = endedReason(behind.state);
      await writeRunRecord(ports.store, { ...record, status: 'failed', failure, finished_at: new Date(now).toISOString() });
      repairs.push(await kept(ports, log, name, jobId, subject, `marked failed: ${failure}`));
      continue;
    }
    const repairId = `${jobId}-repair`;
    await writeRunRecord(ports.store, { ...record, job_id: repairId });
    await ports.jobs.enqueue(JobQueueOf[name], name, { import_id: record.import_id }, { jobId: repairId, attempts: 1 });
    repairs.push(await kept(ports, log, name, repairId, subject, `queued job ${repairId} (it was ${record.status}, job ${jobId} was not in the queue)`));
  }
  return repairs;
}

async function repairReplays({ ports, log }: RepairDeps, now: number): Promise<RecordRepair[]> {
  const repairs: RecordRepair[] = [];
  for (const record of await listReplayRecords(ports.store)) {
    if (isFinalStatus(record.status) || recentlyQueued(record.status, record.queued_at, now)) continue;
    const name = JobNames.replayAll;
    const subject = `replay ${record.id}`;
    const behind = await jobBehind(ports.jobs, name, [record.id]);
    if (behind.kind === 'pending') continue;
    if (behind.kind === 'ended') {
      const failure = endedReason(behind.state);
      await writeReplayRecord(ports.store, { ...record, attempts: record.attempts ?? [], status: 'failed', failure, finished_at: new Date(now).toISOString() });
      repairs.push(await kept(ports, log, name, record.id, subject, `marked failed: ${failure}`));
      continue;
    }
    // The replay's id names its record and its job: the job is queued again under it.
    await ports.jobs.enqueue(JobQueueOf[name], name, {}, { jobId: record.id, attempts: 1 });
    repairs.push(await kept(ports, log, name, record.id, subject, `queued job ${record.id} again (it was ${record.status})`));
  }
  return repairs;
}

/** The jobs that may run a screening now: its first, the one resuming its latest run, the one that began it. */
function screeningJobIds(screening: StoredScreening): string[] {
  const { id, runs } = screening;
  return [id, `${id}-resume-${runs}`, ...(runs > 1 ? [`${id}-resume-${runs - 1}`] : []), `${id}-repair-${runs}`];
}

async function repairScreenings({ ports, log }: RepairDeps, now: number): Promise<RecordRepair[]> {
  const repairs: RecordRepair[] = [];
  for (const screening of await listScreenings(ports.store)) {
    if (screening.status !== 'queued' && screening.status !== 'running') continue;
    if (recentlyQueued(screening.status, screening.created_at, now)) continue;
    const name = JobNames.screenPortfolio;
    const subject = `screening ${screening.id}`;
    const behind = await jobBehind(ports.jobs, name, screeningJobIds(screening));
    if (behind.kind === 'pending') continue;
    if (behind.kind === 'ended' && behind.state.status === 'failed') {
      const failure = endedReason(behind.state);
      await writeScreeningRecord(ports.store, { ...screening, status: 'failed', failure, finished_at: new Date(now).toISOString() });
      repairs.push(await kept(ports, log, name, behind.state.id, subject, `marked failed: ${failure}`));
      continue;
    }
    // No job, or one that completed while the record was left running (a screening paused for
    // a stop whose resume job was lost): it resumes after its last saved row.
    const { id: jobId } = await enqueueScreening(ports.jobs, screening, `${screening.id}-repair-${screening.runs}`);
    repairs.push(await kept(ports, log, name, jobId, subject, `queued job ${jobId}: it resumes after row ${screening.rows_done} of ${screening.rows_total}`));
  }
  return repairs;
}

async function kept(ports: Ports, log: Logger, name: JobName, jobId: string, subject: string, action: string): Promise<RecordRepair> {
  await recordRecovery(ports.store, { kind: 'repaired at start', queue: JobQueueOf[name], job_id: jobId, subject, action }).catch((error: unknown) =>
    log.warn({ err: error, subject }, 'a repair could not be kept for System Health'),
  );
  return { subject, action };
}
