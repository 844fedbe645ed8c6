/**
 * The behaviour every JobQueue adapter must have, asserted identically against each one. Each
 * test opens its own JobQueue and uses its own queue name, so tests run in any order.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job, JobQueue } from '../ports/job-queue.js';
import { UnrecoverableError } from './index.js';

const SETTLE_MS = 20_000;
/** Small back-off base so retries happen quickly in tests. */
const BACKOFF_MS = 50;

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a test reaches one adapter's kept jobs from this process and from another one. */
export interface KeptJobs {
  /** Opens the adapter on the kept jobs, with this lock duration. */
  open(lockMs: number): Promise<JobQueue>;
  /** The environment with which job-queue-crash.child.ts opens the adapter on the same jobs. */
  childEnv: Record<string, string>;
}

/** Runs job-queue-crash.child.ts until it has taken its job, then kills it with SIGKILL. */
async function killWhileRunning(env: Record<string, string>, queue: string, jobId: string, lockMs: number): Promise<void> {
  const script = path.join(import.meta.dirname, 'job-queue-crash.child.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, CRASH_QUEUE: queue, CRASH_JOB_ID: jobId, CRASH_LOCK_MS: String(lockMs) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`taken ${jobId}`)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the child exited (${code}) before taking its job: ${output}`)));
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

export function describeJobQueueContract(adapterName: string, makeQueue: () => Promise<JobQueue>, kept: () => KeptJobs): void {
  describe(`JobQueue contract: ${adapterName}`, () => {
    const opened: JobQueue[] = [];
    const open = async () => {
      const jobs = await makeQueue();
      opened.push(jobs);
      return jobs;
    };
    const queueName = () => `contract-${randomUUID()}`;

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
    });

    it('hands a job its name and data, and shows its return value in getJob', async () => {
      const jobs = await open();
      const queue = queueName();
      const seen: Job[] = [];
      await jobs.process(queue, {
        'rebuild-aggregates': async (job) => {
          seen.push(job);
          return { counties: 3, version: (job.data as { version: number }).version };
        },
      });
      const { id, added } = await jobs.enqueue(queue, 'rebuild-aggregates', { version: 7, fips: ['06037'] });
      expect(added).toBe(true);

      const state = await jobs.waitUntilSettled(queue, id, SETTLE_MS);
      expect(state).toMatchObject({ id, name: 'rebuild-aggregates', status: 'completed', attemptsMade: 1 });
      expect(state.returnValue).toEqual({ counties: 3, version: 7 });
      expect(await jobs.getJob(queue, id)).toEqual(state);
      expect(seen).toEqual([{ id, name: 'rebuild-aggregates', data: { version: 7, fips: ['06037'] }, attemptsMade: 0, stalledCount: 0 }]);
      expect(await jobs.getJob(queue, 'no-such-job')).toBeNull();
    });

    it('adds a job id once: a second enqueue says added=false and the job runs once', async () => {
      const jobs = await open();
      const queue = queueName();
      const runs: unknown[] = [];
      const first = await jobs.enqueue(queue, 'import', { run: 1 }, { jobId: 'import-42' });
      const second = await jobs.enqueue(queue, 'import', { run: 2 }, { jobId: 'import-42' });
      expect(first).toEqual({ id: 'import-42', added: true });
      expect(second).toEqual({ id: 'import-42', added: false });

      await jobs.process(queue, { import: async (job) => void runs.push(job.data), sentinel: async () => 'done' });
      expect((await jobs.waitUntilSettled(queue, 'import-42', SETTLE_MS)).status).toBe('completed');
      expect(await jobs.enqueue(queue, 'import', { run: 3 }, { jobId: 'import-42' })).toEqual({ id: 'import-42', added: false });
      // With one worker slot, jobs run in order: once the sentinel is done, no duplicate is left.
      const sentinel = await jobs.enqueue(queue, 'sentinel', {});
      await jobs.waitUntilSettled(queue, sentinel.id, SETTLE_MS);
      expect(runs).toEqual([{ run: 1 }]);
    });

    it('retries a failing job with back-off and completes it on the third try', async () => {
      const jobs = await open();
      const queue = queueName();
      const triesSeen: number[] = [];
      await jobs.process(queue, {
        flaky: async (job) => {
          triesSeen.push(job.attemptsMade);
          if (job.attemptsMade < 2) throw new Error(`transient failure ${job.attemptsMade + 1}`);
          return 'ok';
        },
      });
      const { id } = await jobs.enqueue(queue, 'flaky', {}, { attempts: 3, backoffMs: BACKOFF_MS });
      const state = await jobs.waitUntilSettled(queue, id, SETTLE_MS);
      expect(state).toMatchObject({ status: 'completed', attemptsMade: 3, returnValue: 'ok' });
      expect(triesSeen).toEqual([0, 1, 2]);
    });

    it('fails a job for good once its attempts are used up, with the last reason', async () => {
      const jobs = await open();
      const queue = queueName();
      let tries = 0;
      await jobs.process(queue, {
        doomed: async (job) => {
          tries++;
          throw new Error(`ClickHouse refused the batch (try ${job.attemptsMade + 1})`);
        },
      });
      const { id } = await jobs.enqueue(queue, 'doomed', {}, { attempts: 2, backoffMs: BACKOFF_MS });
      const state = await jobs.waitUntilSettled(queue, id, SETTLE_MS);
      expect(state).toMatchObject({ status: 'failed', attemptsMade: 2, failedReason: 'ClickHouse refused the batch (try 2)' });
      expect(tries).toBe(2);
    });

    it('fails a job that throws UnrecoverableError after exactly one try', async () => {
      const jobs = await open();
      const queue = queueName();
      let tries = 0;
      await jobs.process(queue, {
        validate: async () => {
          tries++;
          throw new UnrecoverableError('Bad input: fips "ABCDE" is not 5 digits');
        },
      });
      const { id } = await jobs.enqueue(queue, 'validate', { fips: 'ABCDE' }, { attempts: 5, backoffMs: BACKOFF_MS });
      const state = await jobs.waitUntilSettled(queue, id, SETTLE_MS);
      expect(state).toMatchObject({ status: 'failed', attemptsMade: 1, failedReason: 'Bad input: fips "ABCDE" is not 5 digits' });
      expect(tries).toBe(1);
    });

    it('fails a job whose name has no processor after one try, naming the job', async () => {
      const jobs = await open();
      const queue = queueName();
      await jobs.process(queue, { known: async () => 'fine' });
      const { id } = await jobs.enqueue(queue, 'not-registered', {}, { attempts: 3, backoffMs: BACKOFF_MS });
      const state = await jobs.waitUntilSettled(queue, id, SETTLE_MS);
      expect(state).toMatchObject({ status: 'failed', attemptsMade: 1, name: 'not-registered' });
      expect(state.failedReason).toContain('No processor for job "not-registered"');
    });

    it('keeps a delayed job delayed, then processes it', async () => {
      const jobs = await open();
      const queue = queueName();
      let runs = 0;
      await jobs.process(queue, { later: async () => ++runs });
      const { id } = await jobs.enqueue(queue, 'later', {}, { delayMs: 1_000 });
      expect((await jobs.getJob(queue, id))?.status).toBe('delayed');
      expect(runs).toBe(0);
      const state = await jobs.waitUntilSettled(queue, id, SETTLE_MS);
      expect(state).toMatchObject({ status: 'completed', returnValue: 1 });
    });

    it('runs one job at a time with concurrency 1', async () => {
      const jobs = await open();
      const queue = queueName();
      let inFlight = 0;
      let maxInFlight = 0;
      const order: number[] = [];
      await jobs.process(
        queue,
        {
          step: async (job) => {
            inFlight++;
            maxInFlight = Math.max(maxInFlight, inFlight);
            await tick(20);
            order.push((job.data as { n: number }).n);
            inFlight--;
          },
        },
        { concurrency: 1 },
      );
      const ids = [];
      for (let n = 1; n <= 5; n++) ids.push((await jobs.enqueue(queue, 'step', { n })).id);
      for (const id of ids) expect((await jobs.waitUntilSettled(queue, id, SETTLE_MS)).status).toBe('completed');
      expect(maxInFlight).toBe(1);
      expect(order).toEqual([1, 2, 3, 4, 5]);
    });

    it('runs one job at a time across workers with global concurrency 1', async () => {
      const jobs = await open();
      const queue = queueName();
      let inFlight = 0;
      let maxInFlight = 0;
      const step = async () => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await tick(50);
        inFlight--;
      };
      // Two workers that would each take two jobs at once, as two gateways processing imports.
      await jobs.process(queue, { step }, { concurrency: 2, globalConcurrency: 1 });
      await jobs.process(queue, { step }, { concurrency: 2, globalConcurrency: 1 });
      const ids = [];
      for (let n = 1; n <= 4; n++) ids.push((await jobs.enqueue(queue, 'step', { n })).id);
      for (const id of ids) expect((await jobs.waitUntilSettled(queue, id, SETTLE_MS)).status).toBe('completed');
      expect(maxInFlight).toBe(1);
    });

    it('runs jobs side by side up to the concurrency', async () => {
      const jobs = await open();
      const queue = queueName();
      let inFlight = 0;
      const allThreeRunning = deferred();
      // Each job waits until all three run at once: this only finishes if concurrency 3 is honoured.
      await jobs.process(
        queue,
        {
          together: async () => {
            if (++inFlight === 3) allThreeRunning.resolve();
            await allThreeRunning.promise;
            inFlight--;
          },
        },
        { concurrency: 3 },
      );
      const ids = await Promise.all([1, 2, 3].map(async (n) => (await jobs.enqueue(queue, 'together', { n })).id));
      for (const id of ids) expect((await jobs.waitUntilSettled(queue, id, SETTLE_MS)).status).toBe('completed');
    });

    it('processes jobs enqueued before the worker started', async () => {
      const jobs = await open();
      const queue = queueName();
      const ids = [];
      for (let n = 1; n <= 3; n++) ids.push((await jobs.enqueue(queue, 'early', { n })).id);
      expect((await jobs.getJob(queue, ids[0] ?? ''))?.status).toBe('waiting');
      await jobs.process(queue, { early: async (job) => (job.data as { n: number }).n * 10 });
      const results = [];
      for (const id of ids) results.push((await jobs.waitUntilSettled(queue, id, SETTLE_MS)).returnValue);
      expect(results).toEqual([10, 20, 30]);
    });

    it('stops taking jobs once its worker is closed', async () => {
      const jobs = await open();
      const queue = queueName();
      const worker = await jobs.process(queue, { work: async () => 'done' });
      const before = await jobs.enqueue(queue, 'work', {});
      expect((await jobs.waitUntilSettled(queue, before.id, SETTLE_MS)).status).toBe('completed');
      await worker.close();
      const after = await jobs.enqueue(queue, 'work', {});
      await expect(jobs.waitUntilSettled(queue, after.id, 300)).rejects.toThrow(/did not settle/);
      expect((await jobs.getJob(queue, after.id))?.status).toBe('waiting');
    });

    it('lets the active job finish when closed', async () => {
      const jobs = await open();
      const queue = queueName();
      const started = deferred();
      const release = deferred();
      let finished = false;
      await jobs.process(queue, {
        long: async () => {
          started.resolve();
          await release.promise;
          finished = true;
          return 'finished';
        },
      });
      await jobs.enqueue(queue, 'long', {});
      await started.promise;
      let closed = false;
      const closing = jobs.close().then(() => {
        closed = true;
      });
      await tick(100);
      expect(closed).toBe(false); // close() is still waiting for the job
      release.resolve();
      await closing;
      expect(finished).toBe(true);
      expect(await jobs.ping()).toBe(false);
    });

    it('answers ping while open and validates options', async () => {
      const jobs = await open();
      expect(await jobs.ping()).toBe(true);
      await expect(jobs.enqueue(queueName(), 'x', {}, { attempts: 0 })).rejects.toThrow(RangeError);
      await expect(jobs.process(queueName(), {}, { concurrency: 0 })).rejects.toThrow(RangeError);
      await expect(jobs.process(queueName(), {}, { globalConcurrency: 0 })).rejects.toThrow(/globalConcurrency/);
    });

    it('counts jobs per state, lists the latest failures and retries a failed job with fresh attempts', async () => {
      const jobs = await open();
      const queue = queueName();
      expect(await jobs.counts(queue)).toEqual({ waiting: 0, delayed: 0, active: 0, completed: 0, failed: 0 });
      await jobs.enqueue(queue, 'rebuild-h3', { n: 1 }, { jobId: 'waiting-1' });
      await jobs.enqueue(queue, 'rebuild-h3', { n: 2 }, { jobId: 'delayed-1', delayMs: 60_000 });
      expect(await jobs.counts(queue)).toEqual({ waiting: 1, delayed: 1, active: 0, completed: 0, failed: 0 });

      let healthy = false;
      const tries: number[] = [];
      await jobs.process(queue, {
        'rebuild-h3': async () => 'built',
        'score-facility': async (job) => {
          tries.push(job.attemptsMade);
          if (!healthy) throw new Error(`facility ${(job.data as { id: number }).id} has no coordinates`);
          return 'scored';
        },
      });
      await jobs.enqueue(queue, 'score-facility', { id: 1 }, { jobId: 'score-1', attempts: 2, backoffMs: BACKOFF_MS });
      expect((await jobs.waitUntilSettled(queue, 'score-1', SETTLE_MS)).status).toBe('failed');
      await jobs.enqueue(queue, 'score-facility', { id: 2 }, { jobId: 'score-2', attempts: 1 });
      expect((await jobs.waitUntilSettled(queue, 'score-2', SETTLE_MS)).status).toBe('failed');
      await jobs.waitUntilSettled(queue, 'waiting-1', SETTLE_MS);

      expect(await jobs.counts(queue)).toEqual({ waiting: 0, delayed: 1, active: 0, completed: 1, failed: 2 });
      expect(await jobs.failedJobs(queue)).toEqual([
        { id: 'score-2', name: 'score-facility', status: 'failed', attemptsMade: 1, stalledCount: 0, failedReason: 'facility 2 has no coordinates' },
        { id: 'score-1', name: 'score-facility', status: 'failed', attemptsMade: 2, stalledCount: 0, failedReason: 'facility 1 has no coordinates' },
      ]);
      expect((await jobs.failedJobs(queue, 1)).map(({ id }) => id)).toEqual(['score-2']);

      expect(await jobs.retryJob(queue, 'waiting-1')).toBe(false); // completed, not failed
      expect(await jobs.retryJob(queue, 'no-such-job')).toBe(false);
      healthy = true;
      tries.length = 0;
      expect(await jobs.retryJob(queue, 'score-1')).toBe(true);
      const retried = await jobs.waitUntilSettled(queue, 'score-1', SETTLE_MS);
      expect(retried).toMatchObject({ id: 'score-1', status: 'completed', attemptsMade: 1, returnValue: 'scored' });
      expect(tries).toEqual([0]);
      expect((await jobs.failedJobs(queue)).map(({ id }) => id)).toEqual(['score-2']);
      expect(await jobs.counts(queue)).toMatchObject({ completed: 2, failed: 1 });
    });

    it('keeps waiting and delayed jobs across a restart', async () => {
      const store = kept();
      const queue = queueName();
      const before = await store.open(10_000);
      await before.enqueue(queue, 'count', { n: 1 }, { jobId: 'kept-1' });
      await before.enqueue(queue, 'count', { n: 2 }, { jobId: 'kept-2', delayMs: 300 });
      await before.close();

      const after = await store.open(10_000);
      opened.push(after);
      const seen: unknown[] = [];
      await after.process(queue, { count: async (job) => void seen.push(job.data) });
      expect((await after.waitUntilSettled(queue, 'kept-1', SETTLE_MS)).status).toBe('completed');
      expect((await after.waitUntilSettled(queue, 'kept-2', SETTLE_MS)).status).toBe('completed');
      expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
      expect(await after.enqueue(queue, 'count', { n: 3 }, { jobId: 'kept-1' })).toEqual({ id: 'kept-1', added: false });
    });

    it('runs a job again, once, when the process running it was killed (SIGKILL)', async () => {
      const store = kept();
      const queue = queueName();
      const lockMs = 1_000;
      await killWhileRunning(store.childEnv, queue, 'cut-off', lockMs);

      const jobs = await store.open(lockMs);
      opened.push(jobs);
      expect((await jobs.getJob(queue, 'cut-off'))?.status).toMatch(/^(active|waiting)$/);
      const runs: Job[] = [];
      await jobs.process(queue, {
        'rebuild-dataset': async (job) => {
          runs.push(job);
          return 'rebuilt';
        },
      });
      const state = await jobs.waitUntilSettled(queue, 'cut-off', SETTLE_MS);
      expect(state).toMatchObject({ status: 'completed', returnValue: 'rebuilt', attemptsMade: 1, stalledCount: 1 });
      // Taken back without using one of its attempts, and run once.
      expect(runs).toEqual([{ id: 'cut-off', name: 'rebuild-dataset', data: { import_id: 'imp-1' }, attemptsMade: 0, stalledCount: 1 }]);
    });
  });
}
