/**
 * The embedded queue's journal as a new process finds it: a job left active by a process that is
 * gone is taken back, once too often it fails for good, and a file cut off mid-write is skipped.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInProcessJobQueue } from './in-process-job-queue.js';
import { JobJournal, type JournalRecord } from './in-process-journal.js';
import { MAX_STALLED_COUNT, STALLED_TOO_OFTEN } from './job-options.js';

/** A pid no process has: above the kernel's pid_max of 4,194,304. */
const GONE_PID = 4_999_999;

function leftActive(id: string, stalledCount: number, owner = `${GONE_PID}:feedc0de`): JournalRecord {
  return {
    id,
    name: 'rebuild-dataset',
    dataJson: '{"import_id":"imp-1"}',
    attempts: 3,
    backoffMs: 1_000,
    status: 'active',
    attemptsMade: 0,
    stalledCount,
    order: 1,
    lockOwner: owner,
    lockExpiresAt: Date.now() + 60_000,
  };
}

async function journalWith(queue: string, ...records: JournalRecord[]): Promise<string> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'ust-journal-'));
  const journal = new JobJournal(directory, () => undefined);
  journal.load(queue); // makes the queue's directory
  for (const record of records) await journal.write(queue, record);
  return directory;
}

describe('the embedded job journal at start', () => {
  it('takes back a job whose process is gone at once, without waiting out its lock', async () => {
    const directory = await journalWith('dataset', leftActive('cut-off', 0));
    const jobs = createInProcessJobQueue({ directory, lockMs: 60_000 });
    try {
      expect(await jobs.getJob('dataset', 'cut-off')).toMatchObject({ status: 'waiting', stalledCount: 1 });
      await jobs.process('dataset', { 'rebuild-dataset': async () => 'rebuilt' });
      expect(await jobs.waitUntilSettled('dataset', 'cut-off', 5_000)).toMatchObject({ status: 'completed', attemptsMade: 1, stalledCount: 1 });
    } finally {
      await jobs.close();
    }
  });

  it(`fails a job taken back more than ${MAX_STALLED_COUNT} times for good, with BullMQ's reason`, async () => {
    const directory = await journalWith('dataset', leftActive('kills-its-process', MAX_STALLED_COUNT));
    const jobs = createInProcessJobQueue({ directory });
    try {
      expect(await jobs.getJob('dataset', 'kills-its-process')).toMatchObject({ status: 'failed', failedReason: STALLED_TOO_OFTEN, stalledCount: 3 });
      expect((await jobs.failedJobs('dataset')).map(({ id }) => id)).toEqual(['kills-its-process']);
    } finally {
      await jobs.close();
    }
  });

  it('leaves a job held by a live process until its lock expires', async () => {
    // This test's own pid under another owner: a queue of this process not closed still runs it.
    const directory = await journalWith('dataset', { ...leftActive('held', 0, `${process.pid}:0ther0wner`), lockExpiresAt: Date.now() + 400 });
    const jobs = createInProcessJobQueue({ directory, lockMs: 500 });
    try {
      expect((await jobs.getJob('dataset', 'held'))?.status).toBe('active');
      await jobs.process('dataset', { 'rebuild-dataset': async () => 'rebuilt' });
      expect(await jobs.waitUntilSettled('dataset', 'held', 5_000)).toMatchObject({ status: 'completed', stalledCount: 1 });
    } finally {
      await jobs.close();
    }
  });

  it('skips a job file that cannot be read, telling why, and keeps the others', async () => {
    const directory = await journalWith('dataset', { ...leftActive('fine', 0), status: 'waiting' });
    const queueDirectory = path.join(directory, 'dataset');
    writeFileSync(path.join(queueDirectory, 'torn.json'), '{"id":"torn","na');
    const unreadable: string[] = [];
    const records = new JobJournal(directory, (_error, _queue, file) => unreadable.push(file)).load('dataset');
    expect(records.map((record) => record.id)).toEqual(['fine']);
    expect(unreadable).toEqual(['torn.json']);
    expect(readdirSync(queueDirectory)).toHaveLength(2);
  });
});
