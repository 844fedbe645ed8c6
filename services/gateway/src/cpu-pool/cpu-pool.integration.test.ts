/**
 * A gateway whose CPU pool is full answers what needs the pool with a 503 and retry-after in the
 * one error shape, and everything else as usual; the held documents arrive once their tasks go
 * on, and the pool takes work again. One thread and one place in the queue make it full with two
 * PDFs whose results wait in named pipes (testing/held-screening.ts).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, ScreeningRun } from '@ust/schemas';
import { doneScreening } from '../testing/held-screening.js';
import { startTestGateway, TEST_ADMIN, type TestGateway } from '../testing/test-gateway.js';
import { RETRY_AFTER_SECONDS } from './cpu-pool.js';

const PORTFOLIO_BOUNDARY = 'portfolio-boundary';
const portfolio = `--${PORTFOLIO_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="one.csv"\r\nContent-Type: text/csv\r\n\r\nref,latitude,longitude\r\nA,38.9,-77.03\r\n--${PORTFOLIO_BOUNDARY}--\r\n`;

describe('a gateway whose CPU pool is full', () => {
  let platform: TestGateway;
  let gateway: FastifyInstance;
  let headers: Record<string, string>;
  let owner: { userId: string; email: string };

  beforeAll(async () => {
    platform = await startTestGateway('cpu-pool-full', { env: { CPU_POOL_THREADS: '1', CPU_POOL_QUEUE: '1' } });
    gateway = platform.gateway;
    const admin = await platform.signIn(TEST_ADMIN);
    headers = admin.headers;
    owner = { userId: admin.userId, email: TEST_ADMIN.email };
  });
  afterAll(() => platform?.close());

  const get = (url: string) => gateway.inject({ method: 'GET', url, headers });
  const isPdf = (response: { statusCode: number; rawPayload: Buffer }) =>
    response.statusCode === 200 && response.rawPayload.subarray(0, 5).toString() === '%PDF-';

  it('answers 503 with retry-after to what needs the pool, and everything else as usual', async () => {
    const { dataDir, ports } = platform.embedded;
    const running = await doneScreening(dataDir, owner, { held: true, store: ports.store });
    const waiting = await doneScreening(dataDir, owner, { held: true, store: ports.store });
    const other = await doneScreening(dataDir, owner, { store: ports.store });
    const completedBefore = gateway.cpuPool.stats().completed;
    const held = [get(`/api/screenings/${running.screening.id}/summary.pdf`), get(`/api/screenings/${waiting.screening.id}/summary.pdf`)];
    await expect.poll(() => gateway.cpuPool.stats().admitted, { timeout: 30_000 }).toBe(2);

    const refused = [
      await get(`/api/screenings/${other.screening.id}/summary.pdf`),
      await get(`/api/screenings/${other.screening.id}/export/xlsx`),
      await gateway.inject({
        method: 'POST',
        url: '/api/screenings',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${PORTFOLIO_BOUNDARY}` },
        payload: portfolio,
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      const body = response.json<ErrorBody>();
      expect(body.error.code).toBe('UNAVAILABLE');
      expect(body.error.message).toBe(
        `The server is busy making other files and documents (2 in progress or waiting); try again in ${RETRY_AFTER_SECONDS} seconds`,
      );
      expect(body.error.request_id).toEqual(expect.any(String));
    }

    // What does not need the pool is answered meanwhile.
    expect((await gateway.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await get(`/api/screenings/${other.screening.id}`)).json<ScreeningRun>().status).toBe('done');
    const csv = await get(`/api/screenings/${other.screening.id}/export/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('HELD-1');

    await Promise.all([running.release(), waiting.release()]);
    for (const response of await Promise.all(held)) expect(isPdf(response)).toBe(true);
    expect(gateway.cpuPool.stats()).toEqual({ admitted: 0, completed: completedBefore + 2 });
    expect(isPdf(await get(`/api/screenings/${other.screening.id}/summary.pdf`))).toBe(true);
  });
});
