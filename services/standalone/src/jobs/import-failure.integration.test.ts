/** An import job whose import does not exist (no run record, no manifest) fails at its first try: nothing would appear under its id on a retry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '@ust/gateway/testing';
import { createLogger } from '@ust/platform';
import { JobNames, JobQueueOf } from '@ust/schemas';
import { startWorkers, type WorkersHandle } from '@ust/workers';

describe('an import job for an import that does not exist', () => {
  let embedded: EmbeddedTestPorts;
  let workers: WorkersHandle;

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('import-failure');
    workers = await startWorkers({ ...embedded.ports, log: createLogger('import-failure', { level: 'silent' }) });
  });
  afterAll(async () => {
    await workers?.close();
    await embedded?.close();
  });

  it.each([
    ['run', JobNames.runImport],
    ['replay', JobNames.replayImport],
  ])('%s: fails without retries', async (_kind, name) => {
    const id = `imp-never-uploaded-${name}`;
    const queue = JobQueueOf[name];
    await embedded.ports.jobs.enqueue(queue, name, { import_id: id }, { jobId: id, attempts: 3, backoffMs: 2_000 });
    const job = await embedded.ports.jobs.waitUntilSettled(queue, id, 60_000);
    expect(job).toMatchObject({ status: 'failed', attemptsMade: 1, failedReason: `No import ${id} to run` });
  });
});
