import type { Config } from '@ust/platform';

/**
 * Telemetry routes take calls without a token (DECISIONS.md 2); those get the stricter
 * anonymous limit, keyed by client address. A call with a token gets the API's limit (a bad
 * token is refused by authentication anyway).
 */
export function telemetryRateLimit(config: Readonly<Config>) {
  return {
    max: (request: { headers: Record<string, unknown> }) =>
      request.headers.authorization === undefined ? config.ANONYMOUS_TELEMETRY_RATE_LIMIT_PER_MINUTE : config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
  };
}
