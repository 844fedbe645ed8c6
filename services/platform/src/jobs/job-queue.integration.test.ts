import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { describe, expect, inject, it, vi } from 'vitest';
import type { JobQueue } from '../ports/job-queue.js';
import type { Logger } from '../logger.js';
import { describeJobQueueContract, type KeptJobs } from './job-queue.contract.js';
import { createBullMqJobQueue, createInProcessJobQueue, UnrecoverableError } from './index.js';

// Keys of this file's queues live under their own prefix, apart from other runs on the same Redis.
const prefix = `test:bull:${randomUUID().slice(0, 8)}`;
const makers: Record<string, (logger?: Logger) => JobQueue> = {
  'in-process': (logger) => createInProcessJobQueue({ directory: mkdtempSync(path.join(os.tmpdir(), 'ust-jobs-')), ...(logger ? { logger } : {}) }),
  bullmq: (logger) => createBullMqJobQueue({ url: inject('redisUrl'), prefix, ...(logger ? { logger } : {}) }),
};

/** A store of kept jobs of its own per test: a directory, or a BullMQ prefix on the test Redis. */
const keptJobs: Record<string, () => KeptJobs> = {
  'in-process': () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'ust-jobs-'));
    return {
      open: async (lockMs) => createInProcessJobQueue({ directory, lockMs }),
      childEnv: { CRASH_ADAPTER: 'in-process', CRASH_DIRECTORY: directory },
    };
  },
  bullmq: () => {
    const keptPrefix = `${prefix}:${randomUUID().slice(0, 8)}`;
    return {
      open: async (lockMs) => createBullMqJobQueue({ url: inject('redisUrl'), prefix: keptPrefix, lockMs }),
      childEnv: { CRASH_ADAPTER: 'bullmq', CRASH_REDIS_URL: inject('redisUrl'), CRASH_PREFIX: keptPrefix },
    };
  },
};

for (const [adapter, make] of Object.entries(makers)) {
  describeJobQueueContract(adapter, async () => make(), keptJobs[adapter]!);

  describe(`JobQueue logging: ${adapter}`, () => {
    it('logs each failed try at warn with the job id, name, attempt and reason', async () => {
      const lines: Array<Record<string, unknown>> = [];
      const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
      const jobs = make(logger);
      try {
        const queue = `logging-${randomUUID()}`;
        await jobs.process(queue, {
          'score-facility': async () => {
            throw new UnrecoverableError('facility 123 has no coordinates');
          },
        });
        const { id } = await jobs.enqueue(queue, 'score-facility', { facility: 123 });
        await jobs.waitUntilSettled(queue, id, 20_000);
        // BullMQ's worker emits 'failed' just after the state changes, so wait for the line.
        await vi.waitFor(
          () =>
            expect(lines).toContainEqual(
              expect.objectContaining({
                level: 40,
                queue,
                jobId: id,
                name: 'score-facility',
                attempt: 1,
                reason: 'facility 123 has no coordinates',
                willRetry: false,
              }),
            ),
          { timeout: 10_000 },
        );
      } finally {
        await jobs.close();
      }
    });
  });
}
