/** An import job whose import does not exist (no run record, no manifest) fails at its first try: nothing would appear under its id on a retry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTS_QUEUE, ImportJobNames } from '@ust/schemas';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.js';

describe('an import job for an import that does not exist', () => {
  let platform: TestGateway;

  beforeAll(async () => {
    platform = await startTestGateway('import-failure');
  });
  afterAll(() => platform?.close());

  it.each([
    ['run', ImportJobNames.runImport],
    ['replay', ImportJobNames.replayImport],
  ])('%s: fails without retries', async (_kind, name) => {
    const id = `imp-never-uploaded-${name}`;
    await platform.embedded.ports.jobs.enqueue(IMPORTS_QUEUE, name, { import_id: id }, { jobId: id, attempts: 3, backoffMs: 2_000 });
    const job = await platform.embedded.ports.jobs.waitUntilSettled(IMPORTS_QUEUE, id, 60_000);
    expect(job).toMatchObject({ status: 'failed', attemptsMade: 1, failedReason: `No import ${id} to run` });
  });
});
