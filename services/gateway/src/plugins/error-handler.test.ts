import Fastify from 'fastify';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorHandler from './error-handler.js';
import { AJV_OPTIONS } from '../build.js';

describe('the error handler', () => {
  const fastify = Fastify({ ajv: AJV_OPTIONS });

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
  });
});
