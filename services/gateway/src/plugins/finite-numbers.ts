/**
 * Refuses a querystring or path parameter that validation coerced to a number that is not
 * finite. Ajv's type coercion turns the text `Infinity` or `1e999` into Infinity and then lets
 * it past `type: integer`, `minimum` and `maximum` (ajv-validator/ajv#2212, fastify/fastify#6718),
 * so `?res=Infinity` reached a handler as a resolution. JSON bodies are not affected: a number
 * that arrives as a number is checked by ajv's strictNumbers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@ust/schemas';
import { fieldName } from './error-handler.js';

type Details = NonNullable<ErrorBody['error']['details']>;

function nonFiniteFields(context: string, values: unknown): Details {
  if (typeof values !== 'object' || values === null) return [];
  const details: Details = [];
  for (const [name, value] of Object.entries(values)) {
    const items = Array.isArray(value) ? value : [value];
    items.forEach((item, index) => {
      if (typeof item === 'number' && !Number.isFinite(item)) {
        details.push({ field: fieldName(context, Array.isArray(value) ? `/${name}/${index}` : `/${name}`), reason: 'must be a finite number' });
      }
    });
  }
  return details;
}

async function finiteNumbersPlugin(fastify: FastifyInstance) {
  fastify.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const details = [...nonFiniteFields('querystring', request.query), ...nonFiniteFields('params', request.params)];
    if (!details.length) return;
    const body: ErrorBody = {
      error: { code: 'VALIDATION_FAILED', message: details.map((detail) => `${detail.field} ${detail.reason}`).join('; '), details, request_id: request.id },
    };
    return reply.status(400).send(body);
  });
}

export default fp(finiteNumbersPlugin, { name: 'finite-numbers' });
