/**
 * The one error handler: every error answers `{ error: { code, message, details?, request_id } }`,
 * the request context is logged, and a 5xx never leaks its internal message.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
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
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** `/body/logs/0/level` -> `body.logs[0].level`: the field as a client would name it. */
export function fieldName(context: string | undefined, instancePath: string, missing?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (missing) parts.push(missing);
  let name = context ?? 'body';
  for (const part of parts) name += /^\d+$/.test(part) ? `[${part}]` : `.${part}`;
  return name;
}

function validationDetails(error: FastifyError): NonNullable<ErrorBody['error']['details']> {
  return (error.validation ?? []).map((issue) => {
    const missing = issue.keyword === 'required' ? String((issue.params as { missingProperty?: string }).missingProperty ?? '') : undefined;
    const extra = issue.keyword === 'additionalProperties' ? String((issue.params as { additionalProperty?: string }).additionalProperty ?? '') : undefined;
    return {
      field: fieldName(error.validationContext, issue.instancePath, missing || extra),
      reason: extra ? 'is not an allowed property' : (issue.message ?? 'is invalid'),
    };
  });
}

async function errorHandlerPlugin(fastify: FastifyInstance) {
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    const body: ErrorBody = {
      error: { code: CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'ERROR'), message: error.message, request_id: request.id },
    };
    if (error.validation) {
      const details = validationDetails(error);
      body.error.code = 'VALIDATION_FAILED';
      body.error.details = details;
      body.error.message = details.map((detail) => `${detail.field} ${detail.reason}`).join('; ');
    }
    if (status >= 500) {
      request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
      body.error.message = status === 503 ? error.message : 'Internal server error';
    } else {
      request.log.info({ status, code: body.error.code, method: request.method, url: request.url }, body.error.message);
    }
    void reply.status(status).send(body);
  });

  fastify.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      error: { code: 'NOT_FOUND', message: `Route ${request.method} ${request.url.split('?')[0]} not found`, request_id: request.id },
    };
    void reply.status(404).send(body);
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
