import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { createLogger } from '@ust/platform';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ERROR_BODY_BYTES } from '@ust/schemas';
import errorHandler, { MAX_ERROR_DETAILS } from './error-handler.js';
import { InvalidFieldsError } from './invalid-fields.js';
import { AJV_OPTIONS } from '../build.js';

describe('the error handler', () => {
  const logged: string[] = [];
  const logSink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  const fastify = Fastify({
    ajv: AJV_OPTIONS,
    loggerInstance: createLogger('error-handler-test', { level: 'info' }, logSink),
    bodyLimit: 4 * 1024 * 1024,
    // As the gateway (build.ts): the error handler's line is the request's only one.
    logController: new LogController({ disableRequestLogging: true }),
  });

  beforeAll(async () => {
    await fastify.register(errorHandler);
    fastify.post(
      '/things',
      {
        schema: {
          body: Type.Object(
            {
              address: Type.String({ minLength: 1 }),
              logs: Type.Array(Type.Object({ level: Type.Enum(['DEBUG', 'INFO', 'WARN', 'ERROR']) }), { maxItems: 100 }),
            },
            { additionalProperties: false },
          ),
        },
      },
      async () => ({ ok: true }),
    );
    fastify.get('/broken', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    fastify.get('/teapot', async () => {
      throw Object.assign(new Error('Facility 123 not found'), { statusCode: 404 });
    });
    fastify.get('/echo', async (request) => {
      const { name } = request.query as { name: string };
      throw Object.assign(new Error(`line 1: no column named ${name}`), { statusCode: 400 });
    });
    fastify.get('/fields', async () => {
      throw new InvalidFieldsError(
        Array.from({ length: 50 }, (_, index) => ({ field: `body.日本語${'字'.repeat(300)}[${index}]`, reason: '長すぎる'.repeat(100) })),
      );
    });
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  it('answers a bad body with 400 naming each field and its reason', async () => {
    const response = await fastify.inject({ method: 'POST', url: '/things', payload: { logs: [{ level: 'LOUD' }], extra: 1 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'body.address', reason: "must have required property 'address'" },
        { field: 'body.logs[0].level', reason: 'must be equal to one of the allowed values' },
        { field: 'body.extra', reason: 'is not an allowed property' },
      ]),
    );
    expect(body.error.message).toContain("body.address must have required property 'address'");
    expect(body.error.request_id).toEqual(expect.any(String));
  });

  it('caps what a body with thousands of problems or huge property names echoes back and logs', async () => {
    const hugeName = 'p'.repeat(10_000);
    const payload = { logs: Array.from({ length: 100 }, () => ({ level: 'LOUD', [hugeName]: 1 })), [hugeName]: 'x' };
    logged.length = 0;
    const response = await fastify.inject({ method: 'POST', url: `/things?${'q'.repeat(5_000)}`, payload });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    // As many of the first MAX_ERROR_DETAILS as the byte bound leaves room for.
    expect(error.details.length).toBeGreaterThan(0);
    expect(error.details.length).toBeLessThanOrEqual(MAX_ERROR_DETAILS);
    for (const { field, reason } of error.details) expect(field.length + reason.length).toBeLessThanOrEqual(400);
    expect(error.message).toMatch(/^body\.address must have required property 'address'; /);
    expect(error.message).toMatch(/; and \d+ more problems$|…$/);
    expect(response.rawPayload.length).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    expect(logged.join('').length).toBeLessThan(5_000);
  });

  it('fits a 4xx body in MAX_ERROR_BODY_BYTES as sent, however many bytes a character of its message takes', async () => {
    // 700 CJK characters are 2,100 bytes of UTF-8.
    const response = await fastify.inject({ method: 'GET', url: `/echo?name=${encodeURIComponent('漢'.repeat(700))}` });
    expect(response.statusCode).toBe(400);
    expect(response.rawPayload.length).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    const { error } = response.json();
    expect(error.message).toMatch(/^line 1: no column named 漢+…$/);
    expect(error.request_id).toEqual(expect.any(String));
  });

  it('keeps the first details that fit beside the message, each field and reason cut short', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/fields' });
    expect(response.statusCode).toBe(400);
    expect(response.rawPayload.length).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/^body\.日本語字+/);
    expect(error.details.length).toBeGreaterThan(0);
    expect(error.details[0].field).toMatch(/^body\.日本語字+…$/);
  });

  it('never leaks the message of a 500', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error', request_id: expect.any(String) } });
  });

  it('keeps a 4xx message and gives unknown routes the same shape', async () => {
    expect((await fastify.inject({ method: 'GET', url: '/teapot' })).json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Facility 123 not found' });
    const missing = await fastify.inject({ method: 'GET', url: '/nowhere?x=1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Route GET /nowhere not found' });
    const long = await fastify.inject({ method: 'GET', url: `/${'漢'.repeat(3_000)}` });
    expect(long.statusCode).toBe(404);
    expect(long.rawPayload.length).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES);
  });
});
