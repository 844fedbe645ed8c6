/**
 * The one error handler: every error answers `{ error: { code, message, details?, request_id } }`
 * in at most MAX_ERROR_BODY_BYTES (error-body.ts), the request context is logged, and a 5xx
 * never leaks its internal message. Routes throw; none builds an error body of its own.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@ust/schemas';
import { codeOfStatus, fittedErrorBody } from './error-body.js';
import { InvalidFieldsError } from './invalid-fields.js';

/**
 * Bounds on what an error lists and logs: a body can carry thousands of problems, and a
 * property name or a header as long as the body limit, which must not fill the logs. The body
 * sent is bounded in bytes on top of these (error-body.ts).
 */
export const MAX_ERROR_DETAILS = 20;
const MAX_DETAIL_CHARS = 200;
const MAX_LOGGED_URL_CHARS = 500;

/** The text, cut to `max` characters with an ellipsis when longer. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** `/body/logs/0/level` -> `body.logs[0].level`: the field as a client would name it. */
export function fieldName(context: string | undefined, instancePath: string, missing?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missing) parts.push(missing);
  let name = context ?? 'body';
  for (const part of parts) name += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  return name;
}

function validationDetails(error: FastifyError): NonNullable<ErrorBody['error']['details']> {
  return (error.validation ?? []).slice(0, MAX_ERROR_DETAILS).map((issue) => {
    const missing = issue.keyword === 'required' ? String((issue.params as { missingProperty?: string }).missingProperty ?? '') : undefined;
    const extra = issue.keyword === 'additionalProperties' ? String((issue.params as { additionalProperty?: string }).additionalProperty ?? '') : undefined;
    return {
      field: clip(fieldName(error.validationContext, issue.instancePath, missing || extra), MAX_DETAIL_CHARS),
      reason: clip(extra ? 'is not an allowed property' : (issue.message ?? 'is invalid'), MAX_DETAIL_CHARS),
    };
  });
}

/** What a client can do about the errors the router raises, in place of Fastify's wording and codes. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: "The URL's path cannot be decoded: a '%' must start an escape such as %25 or %2F" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A path parameter of the URL is too long' },
};

/**
 * Errors the router raises before a request reaches a route (an undecodable path, a path
 * parameter over the router's length) never reach setErrorHandler; build.ts passes this as
 * Fastify's `frameworkErrors`, so they answer the one error shape too.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  if (!known) request.log.error({ err: error, method: request.method, url: clip(request.url, MAX_LOGGED_URL_CHARS) }, 'request failed before routing');
  const status = known?.status ?? 500;
  const body = fittedErrorBody({ code: codeOfStatus(status), message: known?.message ?? 'Internal server error', request_id: request.id });
  void reply.status(status).send(body);
}

/** The code, message and details an error answers with, before the body is fitted to its bound. */
function describedError(error: FastifyError, status: number): Omit<ErrorBody['error'], 'request_id'> {
  if (error.validation) {
    const details = validationDetails(error);
    const more = error.validation.length - details.length;
    const listed = details.map((detail) => `${detail.field} ${detail.reason}`).join('; ');
    return { code: 'VALIDATION_FAILED', message: more > 0 ? `${listed}; and ${more} more problem${more === 1 ? '' : 's'}` : listed, details };
  }
  if (error instanceof InvalidFieldsError) return { code: 'VALIDATION_FAILED', message: error.message, details: error.details.slice(0, MAX_ERROR_DETAILS) };
  // A 503 says which part of the platform is unavailable; any other 5xx says nothing of the server's insides.
  return { code: codeOfStatus(status), message: status >= 500 && status !== 503 ? 'Internal server error' : error.message };
}

async function errorHandlerPlugin(fastify: FastifyInstance) {
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    const body = fittedErrorBody({ ...describedError(error, status), request_id: request.id });
    const url = clip(request.url, MAX_LOGGED_URL_CHARS);
    if (status >= 500) request.log.error({ err: error, method: request.method, url }, 'request failed');
    else request.log.info({ status, code: body.error.code, method: request.method, url }, body.error.message);
    // A 503 that knows when it will pass says so (the CPU pool when full); nothing else an error
    // carries is copied into the answer's headers.
    const { retryAfterSeconds } = error as { retryAfterSeconds?: unknown };
    if (status === 503 && typeof retryAfterSeconds === 'number') void reply.header('retry-after', String(retryAfterSeconds));
    void reply.status(status).send(body);
  });

  fastify.setNotFoundHandler((request, reply) => {
    const path = clip(request.url.split('?')[0]!, MAX_DETAIL_CHARS);
    void reply.status(404).send(fittedErrorBody({ code: 'NOT_FOUND', message: `Route ${request.method} ${path} not found`, request_id: request.id }));
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
