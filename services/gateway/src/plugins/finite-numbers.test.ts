import Fastify from 'fastify';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from '../build.js';
import errorHandler from './error-handler.js';
import finiteNumbers from './finite-numbers.js';

describe('numbers coerced from text', () => {
  const fastify = Fastify({ ajv: AJV_OPTIONS });

  beforeAll(async () => {
    await fastify.register(errorHandler);
    await fastify.register(finiteNumbers);
    fastify.get(
      '/density/:zoom',
      {
        schema: {
          params: Type.Object({ zoom: Type.Number({ minimum: 0, maximum: 20 }) }),
          querystring: Type.Object({ res: Type.Integer({ minimum: 4, maximum: 7, default: 5 }), ids: Type.Optional(Type.Array(Type.Integer())) }),
        },
      },
      async (request) => request.query,
    );
    await fastify.ready();
  });
  afterAll(() => fastify.close());

  it('refuses a value that ajv coerced to Infinity past its bounds, naming the field', async () => {
    for (const [url, field] of [
      ['/density/1?res=Infinity', 'querystring.res'],
      ['/density/1?res=1e309', 'querystring.res'],
      ['/density/1?res=-Infinity', 'querystring.res'],
      ['/density/1?ids=1&ids=1e999', 'querystring.ids[1]'],
      ['/density/Infinity', 'params.zoom'],
    ] as const) {
      const response = await fastify.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: `${field} must be a finite number`,
          details: [{ field, reason: 'must be a finite number' }],
          request_id: expect.any(String),
        },
      });
    }
  });

  it('lets finite numbers through', async () => {
    const response = await fastify.inject({ method: 'GET', url: '/density/2.5?res=7&ids=1&ids=2' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ res: 7, ids: [1, 2] });
  });
});
