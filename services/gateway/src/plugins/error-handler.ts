/**
 * The one error handler: every error answers `{ error: { code, message, details?, request_id } }`,
 * the request context is logged, and a 5xx never leaks its internal message.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@ust/schemas';

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/**
 * Bounds on what an error echoes back and logs: a body can carry thousands of problems, and a
 * property name or a header as long as the body limit, which must not come back ten times over
 * or fill the logs.
 */
export const MAX_ERROR_DETAILS = 20;
const MAX_DETAIL_CHARS = 200;
export const MAX_ERROR_MESSAGE_CHARS = 2_000;
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
  if (!known) request.log.error({ err: error, method: request.method, url: request.url }, 'request failed before routing');
  const status = known?.status ?? 500;
  const body: ErrorBody = { error: { code: CODES[status] ?? 'INTERNAL_ERROR', message: known?.message ?? 'Internal server error', request_id: request.id } };
  void reply.status(status).send(body);
}

async function errorHandlerPlugin(fastify: FastifyInstance) {
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    const body: ErrorBody = {
      error: {
        code: CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'ERROR'),
        message: clip(error.message, MAX_ERROR_MESSAGE_CHARS),
        request_id: request.id,
      },
    };
    if (error.validation) {
      const details = validationDetails(error);
      const more = error.validation.length - details.length;
      body.error.code = 'VALIDATION_FAILED';
      body.error.details = details;
      const listed = details.map((detail) => `${detail.field} ${detail.reason}`).join('; ');
      body.error.message = clip(more > 0 ? `${listed}; and ${more} more problem${more === 1 ? '' : 's'}` : listed, MAX_ERROR_MESSAGE_CHARS);
    }
    const url = clip(request.url, MAX_LOGGED_URL_CHARS);
    if (status >= 500) {
      request.log.error({ err: error, method: request.method, url }, 'request failed');
      body.error.message = status === 503 ? clip(error.message, MAX_ERROR_MESSAGE_CHARS) : 'Internal server error';
    } else {
      request.log.info({ status, code: body.error.code, method: request.method, url }, body.error.message);
    }
    // A 503 that knows when it will pass says so (the CPU pool when full); nothing else an error
    // carries is copied into the answer's headers.
    const { retryAfterSeconds } = error as { retryAfterSeconds?: unknown };
    if (status === 503 && typeof retryAfterSeconds === 'number') void reply.header('retry-after', String(retryAfterSeconds));
    void reply.status(status).send(body);
  });

  fastify.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      error: { code: 'NOT_FOUND', message: `Route ${request.method} ${clip(request.url.split('?')[0]!, MAX_DETAIL_CHARS)} not found`, request_id: request.id },
    };
    void reply.status(404).send(body);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
