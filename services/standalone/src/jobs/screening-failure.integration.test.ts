/**
 * A screening that cannot run fails loudly: with no dataset built, its job tries three times,
 * then its record says failed and why, System Health lists the failed job, and nothing is
 * pretended (no rows, no downloads). A job whose screening does not exist fails at its first try.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '@ust/gateway';
import { createTestIssuer, openEmbeddedTestPorts, type EmbeddedTestPorts } from '@ust/gateway/testing';
import { createLogger, loadConfig } from '@ust/platform';
import { JobNames, JobQueueOf, type ScreeningRun, type SystemHealth } from '@ust/schemas';
import { startWorkers, type WorkersHandle } from '@ust/workers';

const admin = { sub: 'local|ava', email: 'ava@example.com', email_verified: true, name: 'Ava Admin' };

describe('a screening with no dataset to screen against', () => {
  let gateway: FastifyInstance;
  let embedded: EmbeddedTestPorts;
  let workers: WorkersHandle;
  let headers: Record<string, string>;
  const queue = JobQueueOf[JobNames.screenPortfolio];

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('screening-failure');
    const issuer = await createTestIssuer();
    const config = loadConfig({ ...issuer.env, DATA_DIR: embedded.dataDir, ADMIN_EMAILS: admin.email });
    const logger = createLogger('screening-failure', { level: 'silent' });
    workers = await startWorkers({ ...embedded.ports, log: logger });
    gateway = await buildGateway({
      config,
      ports: embedded.ports,
      logger,
      signingKeys: issuer.signingKeys,
    });
    headers = await issuer.headers(admin);
    await gateway.inject({ method: 'POST', url: '/api/user-profile', headers, payload: { sub: admin.sub, email: admin.email, name: admin.name } });
  });
  afterAll(async () => {
    await gateway?.close();
    await workers?.close();
    await embedded?.close();
  });

  it('is failed with its reason after its last try, and its job is listed as failed', async () => {
    const boundary = 'screening-boundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="one.csv"\r\nContent-Type: text/csv\r\n\r\nref,latitude,longitude\r\nA,38.9,-77.03\r\n--${boundary}--\r\n`;
    const accepted = await gateway.inject({
      method: 'POST',
      url: '/api/screenings',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(accepted.statusCode).toBe(202);
    const { id } = accepted.json<{ id: string }>();
    await embedded.ports.jobs.waitUntilSettled('screenings', id, 60_000);
    const screening = (await gateway.inject({ method: 'GET', url: `/api/screenings/${id}`, headers })).json<ScreeningRun>();
    expect(screening).toMatchObject({ status: 'failed', failure: 'No dataset has been built yet', rows_done: 0, rows_total: 1 });
    expect(screening.finished_at).not.toBeNull();
    const download = await gateway.inject({ method: 'GET', url: `/api/screenings/${id}/export/csv`, headers });
    expect(download.statusCode).toBe(409);
    expect(download.json().error.message).toBe(`Screening ${id} is failed (No dataset has been built yet); its downloads are ready when it is done`);
    const health = (await gateway.inject({ method: 'GET', url: '/api/admin/health', headers })).json<SystemHealth>();
    const queue = health.job_queues.queues.find((candidate) => candidate.queue === 'screenings')!;
    expect(queue.failed).toBe(1);
  });

  it('fails a job for a screening that does not exist at its first try, without retries', async () => {
    const id = 'scr-that-was-never-uploaded';
    await embedded.ports.jobs.enqueue(queue, JobNames.screenPortfolio, { screening_id: id }, { jobId: id, attempts: 3, backoffMs: 2_000 });
    const job = await embedded.ports.jobs.waitUntilSettled(queue, id, 60_000);
    expect(job).toMatchObject({ status: 'failed', attemptsMade: 1, failedReason: `No screening ${id} to run` });
  });
});
