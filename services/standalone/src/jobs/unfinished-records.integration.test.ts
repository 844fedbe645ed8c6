/**
 * The start-up check: an unfinished import, replay or screening with no job behind it gets one;
 * one whose job ended without finishing it is marked failed with the job's reason; a record
 * still on its way to the queue, and one that is final, are left alone. Each repair is listed in
 * System Health's recoveries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '@ust/gateway/testing';
import { createLogger, UnrecoverableError } from '@ust/platform';
import {
  latestRecoveries,
  queuedReplayRecord,
  queuedRunRecord,
  queuedScreening,
  readReplayRecord,
  readRunRecord,
  readScreeningRecord,
  writeReplayRecord,
  writeRunRecord,
  writeScreeningRecord,
  type RunRecord,
} from '@ust/read-model';
import { JobNames, JobQueueOf } from '@ust/schemas';
import { repairUnfinishedRecords } from '@ust/workers';

const plan = { kind: 'files' as const, paths: ['/inbox/DE'], sourceRoot: '/inbox' };
const log = createLogger('unfinished-records', { level: 'silent' });
const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
const imports = JobQueueOf[JobNames.runImport];

function run(id: string, changes: Partial<RunRecord>): RunRecord {
  return { ...queuedRunRecord(id, 'upload', plan), queued_at: anHourAgo, started_at: anHourAgo, ...changes };
}

describe('the start-up check for unfinished records', () => {
  let embedded: EmbeddedTestPorts;
  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('unfinished-records');
  });
  afterAll(async () => {
    await embedded?.close();
  });

  it('queues a job for a record with none, fails one whose job ended, and leaves the rest', async () => {
    const { store, jobs } = embedded.ports;
    // Left at rebuilding by a queue that forgot its jobs (the embedded one before it kept them).
    await writeRunRecord(store, run('imp-lost', { status: 'rebuilding' }));
    // Its job failed for good: taken back from dead workers too often.
    await writeRunRecord(store, run('imp-ended', { status: 'reading' }));
    await jobs.enqueue(imports, JobNames.runImport, { import_id: 'imp-ended' }, { jobId: 'imp-ended', attempts: 1 });
    const failing = await jobs.process(imports, {
      [JobNames.runImport]: async () => {
        throw new UnrecoverableError('job stalled more than allowable limit');
      },
    });
    await jobs.waitUntilSettled(imports, 'imp-ended');
    await failing.close();
    // Queued a moment ago: its gateway may be about to enqueue it.
    await writeRunRecord(store, run('imp-just-queued', { status: 'queued', queued_at: new Date().toISOString(), started_at: null }));
    await writeRunRecord(store, run('imp-done', { status: 'live' }));
    await writeReplayRecord(store, { ...queuedReplayRecord('replay-all-1'), status: 'reading', queued_at: anHourAgo });
    const screening = { ...queuedScreening('scr-lost', 'book.csv', { userId: 'u1', email: null }, 40), status: 'running' as const, runs: 1, rows_done: 12 };
    await writeScreeningRecord(store, { ...screening, created_at: anHourAgo });

    const repairs = await repairUnfinishedRecords({ ports: embedded.ports, log });

    expect([...repairs].sort((a, b) => a.subject.localeCompare(b.subject))).toEqual([
      { subject: 'import imp-ended', action: 'marked failed: its job imp-ended failed: job stalled more than allowable limit' },
      { subject: 'import imp-lost', action: 'queued job imp-lost-repair (it was rebuilding, job imp-lost was not in the queue)' },
      { subject: 'replay replay-all-1', action: 'queued job replay-all-1 again (it was reading)' },
      { subject: 'screening scr-lost', action: 'queued job scr-lost-repair-1: it resumes after row 12 of 40' },
    ]);
    expect(await readRunRecord(store, 'imp-ended')).toMatchObject({
      status: 'failed',
      failure: 'its job imp-ended failed: job stalled more than allowable limit',
    });
    expect(await readRunRecord(store, 'imp-lost')).toMatchObject({ status: 'rebuilding', job_id: 'imp-lost-repair' });
    expect(await jobs.getJob(imports, 'imp-lost-repair')).toMatchObject({ name: JobNames.runImport, status: 'waiting' });
    expect(await jobs.getJob(JobQueueOf[JobNames.replayAll], 'replay-all-1')).toMatchObject({ name: JobNames.replayAll, status: 'waiting' });
    expect(await jobs.getJob(JobQueueOf[JobNames.screenPortfolio], 'scr-lost-repair-1')).toMatchObject({ status: 'waiting' });
    expect(await readRunRecord(store, 'imp-just-queued')).toMatchObject({ status: 'queued' });
    expect(await readReplayRecord(store, 'replay-all-1')).toMatchObject({ status: 'reading' });
    expect(await readScreeningRecord(store, 'scr-lost')).toMatchObject({ status: 'running' });

    const kept = await latestRecoveries(store);
    expect(kept.map(({ kind, subject, job_id }) => ({ kind, subject, job_id })).sort((a, b) => a.subject.localeCompare(b.subject))).toEqual([
      { kind: 'repaired at start', subject: 'import imp-ended', job_id: 'imp-ended' },
      { kind: 'repaired at start', subject: 'import imp-lost', job_id: 'imp-lost-repair' },
      { kind: 'repaired at start', subject: 'replay replay-all-1', job_id: 'replay-all-1' },
      { kind: 'repaired at start', subject: 'screening scr-lost', job_id: 'scr-lost-repair-1' },
    ]);

    // A second start finds every record with a job behind it (or final): nothing more to repair.
    expect(await repairUnfinishedRecords({ ports: embedded.ports, log })).toEqual([]);
  });
});
