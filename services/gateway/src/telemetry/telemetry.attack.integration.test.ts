/**
 * Hostile telemetry, sent without a token as anyone may: free-form JSON (a log entry's context,
 * an activity's details) nested far deeper than a browser would send. Refused with a 400 naming
 * the field and the depth limit, in the one error shape within MAX_ERROR_BODY_BYTES
 * (refusalProblems), with nothing logged as an error of the server's.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CONTEXT_DEPTH } from '@ust/schemas';
import { refusalProblems } from '../testing/refusal-problems.js';
import { startTestGateway, type TestGateway } from '../testing/test-gateway.js';

/** JSON text of arrays nested `levels` deep. */
const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
/** JSON text of objects nested `levels` deep. */
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const logEntry = (context: string) => `{"timestamp":"2026-01-01T00:00:00Z","level":"ERROR","category":"GLOBAL_ERROR","message":"m","context":${context}}`;

describe('hostile telemetry without a token', () => {
  let platform: TestGateway;

  beforeAll(async () => {
    platform = await startTestGateway('telemetry-attack');
  }, 120_000);
  afterAll(() => platform?.close());
  beforeEach(() => {
    platform.logged.length = 0;
  });

  const post = (url: string, payload: string) => platform.gateway.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  function expectRefused(response: LightMyRequestResponse, field: string): void {
    expect(refusalProblems(response)).toEqual([]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `${field} nests arrays or objects more than ${MAX_CONTEXT_DEPTH} levels deep`,
      details: [{ field, reason: `nests arrays or objects more than ${MAX_CONTEXT_DEPTH} levels deep` }],
    });
    expect(platform.errorsLogged()).toEqual([]);
  }

  it("nests a log entry's context 100,000 levels deep", async () => {
    expectRefused(await post('/api/logs', `{"logs":[${logEntry(nestedArrays(100_000))}]}`), 'body.logs[0].context');
  });

  it("hides objects nested 40,000 levels deep in the second entry's context", async () => {
    expectRefused(await post('/api/logs', `{"logs":[${logEntry('{}')},${logEntry(nestedObjects(40_000))}]}`), 'body.logs[1].context');
  });

  it("nests an activity's details 100,000 levels deep", async () => {
    expectRefused(await post('/api/log-activity', `{"activity_type":"map_loaded","details":${nestedArrays(100_000)}}`), 'body.details');
  });

  it('still has an entry nested as deep as the limit accepted', async () => {
    const response = await post('/api/logs', `{"logs":[${logEntry(nestedObjects(MAX_CONTEXT_DEPTH))}]}`);
    expect(response.statusCode).toBe(202);
  });
});
