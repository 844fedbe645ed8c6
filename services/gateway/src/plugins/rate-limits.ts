/**
 * Rate limits (docs/decisions/0033-rate-limits.md): a budget per caller per minute, counted
 * in an onRequest hook that runs before authentication, so a flood of bad tokens is counted
 * like any other. The caller is the subject of a valid token; without one, the client
 * address, which TRUST_PROXY decides (a client-written X-Forwarded-For counts only from a
 * trusted proxy). Anonymous telemetry has its own, stricter budget. The counts are a
 * WindowCounter's (windowCounterFor): gateways sharing a Redis share one budget; the embedded
 * platform's one gateway counts in its own memory.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeIP } from '@fastify/rate-limit';
import type { WindowCounter } from '@ust/platform';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts the call against its caller's budget; answers 429 once it is spent. */
    limitApiCalls(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyContextConfig {
    /** The route takes calls without a token, which count against the anonymous telemetry budget. */
    anonymousTelemetry?: boolean;
  }
}

export interface RateLimitsOptions {
  counter: Pick<WindowCounter, 'countInWindow'>;
  /** Calls per minute of a signed-in user, or of one address without a valid token. */
  perMinute: number;
  /** Calls per minute of one address to the telemetry routes without a token. */
  anonymousTelemetryPerMinute: number;
}

const WINDOW_MS = 60_000;

class RateLimiterUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super('Rate limits cannot be counted right now; try again shortly', { cause });
  }
}

class TooManyRequestsError extends Error {
  readonly statusCode = 429;
  constructor(max: number, retryAfterSeconds: number) {
    super(`Too many requests: at most ${max} per minute; retry in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`);
  }
}

async function rateLimitsPlugin(fastify: FastifyInstance, { counter, perMinute, anonymousTelemetryPerMinute }: RateLimitsOptions) {
  // Every /api call passes here, so it is one hook with two awaits (the token, the count).
  fastify.decorate('limitApiCalls', async function limitApiCalls(request: FastifyRequest, reply: FastifyReply) {
    const check = await fastify.checkToken(request);
    let key: string;
    let max = perMinute;
    if (check.outcome === 'valid') key = `ratelimit:subject:${check.claims.userId}`;
    else if (check.outcome === 'absent' && request.routeOptions.config.anonymousTelemetry) {
      key = `ratelimit:anonymous-telemetry:${normalizeIP(request.ip)}`;
      max = anonymousTelemetryPerMinute;
    } else key = `ratelimit:address:${normalizeIP(request.ip)}`;
    let counted;
    try {
      counted = await counter.countInWindow(key, WINDOW_MS);
    } catch (error) {
      // Counting is part of serving: without it the call is refused loudly, not let through.
      throw new RateLimiterUnavailableError(error);
    }
    const resetSeconds = Math.max(1, Math.ceil(counted.remainingMs / 1000));
    reply
      .header('x-ratelimit-limit', max)
      .header('x-ratelimit-remaining', Math.max(0, max - counted.count))
      .header('x-ratelimit-reset', resetSeconds);
    if (counted.count > max) {
      reply.header('retry-after', resetSeconds);
      throw new TooManyRequestsError(max, resetSeconds);
    }
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', dependencies: ['authentication'] });
