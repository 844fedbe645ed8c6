import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { ErrorBody, MAX_TELEMETRY_BODY_BYTES } from '@ust/schemas';
import { telemetryRateLimit } from './rate-limit.js';

/** What both telemetry routes answer. */
export const TelemetryAccepted = Type.Object({ accepted: Type.Integer({ description: 'Entries held for delivery to the log store' }) });
export const telemetryResponses = { 202: TelemetryAccepted, 400: ErrorBody, 401: ErrorBody, 413: ErrorBody, 503: ErrorBody };

/**
 * The options both telemetry routes share: the 256 KB body limit, a token if one is sent
 * (DECISIONS.md 2: anonymous calls are accepted), the stricter anonymous rate limit.
 */
export function telemetryRouteOptions(fastify: FastifyInstance) {
  return {
    bodyLimit: MAX_TELEMETRY_BODY_BYTES,
    onRequest: fastify.authenticateIfPresent,
    config: { rateLimit: telemetryRateLimit(fastify.config) },
  };
}
