import type { FastifyInstance } from 'fastify';
import { ErrorBody, MAX_TELEMETRY_BODY_BYTES, TelemetryAccepted } from '@ust/schemas';

/** What both telemetry routes answer. */
export const telemetryResponses = { 202: TelemetryAccepted, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 413: ErrorBody, 429: ErrorBody, 503: ErrorBody };

/**
 * The options both telemetry routes share: the 256 KB body limit, a token if one is sent
 * (docs/decisions/0002-anonymous-telemetry.md: anonymous calls are accepted; a deactivated
 * user's are refused, docs/decisions/0004-deactivated-accounts.md), and calls without a token
 * on the stricter anonymous budget (plugins/rate-limits.ts).
 */
export function telemetryRouteOptions(fastify: FastifyInstance) {
  return {
    bodyLimit: MAX_TELEMETRY_BODY_BYTES,
    onRequest: [fastify.authenticateIfPresent, fastify.requireActive],
    config: { anonymousTelemetry: true },
  };
}
