/**
 * Refuses a querystring or path parameter that validation coerced to a number that is not
 * finite. Ajv's type coercion turns the text `Infinity` or `1e999` into Infinity and then lets
 * it past `type: integer`, `minimum` and `maximum` (ajv-validator/ajv#2212, fastify/fastify#6718),
 * so without this check `?res=Infinity` would reach a handler as a resolution. JSON bodies are
 * not affected: a number that arrives as a number is checked by ajv's strictNumbers.
 *
 * Only routes with a numeric query or path field get the check, and it reads only those fields:
 * a hook on every route would cost every API call for the few that take numbers.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { fieldName } from './error-handler.js';
import { InvalidFieldsError, type FieldProblems as Details } from './invalid-fields.js';
type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; items?: JsonSchema };

/** Whether values of this schema may be numbers (directly, in a union, or as array items). */
function mayBeNumber(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('number') || types.includes('integer')) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(mayBeNumber) || mayBeNumber(schema.items);
}

/** The names of an object schema's properties that may hold numbers. */
function numericFields(schema: unknown): string[] {
  const properties = (schema as JsonSchema | undefined)?.properties ?? {};
  return Object.keys(properties).filter((name) => mayBeNumber(properties[name]));
}

function nonFiniteFields(context: string, values: unknown, names: readonly string[], details: Details): void {
  if (typeof values !== 'object' || values === null) return;
  for (const name of names) {
    const value = (values as Record<string, unknown>)[name];
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        if (typeof value[index] === 'number' && !Number.isFinite(value[index]))
          details.push({ field: fieldName(context, `/${name}/${index}`), reason: 'must be a finite number' });
      }
    } else if (typeof value === 'number' && !Number.isFinite(value)) {
      details.push({ field: fieldName(context, `/${name}`), reason: 'must be a finite number' });
    }
  }
}

function finiteNumbersCheck(queryFields: string[], paramFields: string[]): preHandlerAsyncHookHandler {
  return async function refuseNonFiniteNumbers(request: FastifyRequest) {
    const details: Details = [];
    nonFiniteFields('querystring', request.query, queryFields, details);
    nonFiniteFields('params', request.params, paramFields, details);
    if (details.length) throw new InvalidFieldsError(details);
  };
}

async function finiteNumbersPlugin(fastify: FastifyInstance) {
  fastify.addHook('onRoute', (route) => {
    const schema = route.schema as { querystring?: unknown; params?: unknown } | undefined;
    const queryFields = numericFields(schema?.querystring);
    const paramFields = numericFields(schema?.params);
    if (!queryFields.length && !paramFields.length) return;
    const check = finiteNumbersCheck(queryFields, paramFields);
    route.preHandler = route.preHandler === undefined ? [check] : [...(Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]), check];
  });
}

export default fp(finiteNumbersPlugin, { name: 'finite-numbers' });
