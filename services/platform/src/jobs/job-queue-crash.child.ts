/**
 * A worker that dies with its job (job-queue.contract.ts): it opens the adapter the environment
 * names on the kept jobs, enqueues one job, takes it, prints `taken <id>` and runs until killed.
 */
import { createBullMqJobQueue } from './bullmq-job-queue.js';
import { createInProcessJobQueue } from './in-process-job-queue.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const lockMs = Number(env('CRASH_LOCK_MS'));
const jobs =
  env('CRASH_ADAPTER') === 'bullmq'
    ? createBullMqJobQueue({ url: env('CRASH_REDIS_URL'), prefix: env('CRASH_PREFIX'), lockMs })
    : createInProcessJobQueue({ directory: env('CRASH_DIRECTORY'), lockMs });
const queue = env('CRASH_QUEUE');
const jobId = env('CRASH_JOB_ID');

await jobs.enqueue(queue, 'rebuild-dataset', { import_id: 'imp-1' }, { jobId, attempts: 1 });
await jobs.process(queue, {
  'rebuild-dataset': async (job) => {
    process.stdout.write(`taken ${job.id}\n`);
    await new Promise(() => undefined); // until killed
  },
});
setInterval(() => undefined, 60_000);
