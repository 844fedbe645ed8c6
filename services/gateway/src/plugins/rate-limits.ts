/**
 * Rate limits (DECISIONS.md 33): a budget per caller per minute, counted in an onRequest hook
 * that runs before authentication, so a flood of bad tokens is counted like any other. The
 * caller is the subject of a valid token; without one, the client address, which TRUST_PROXY
 * decides (a client-written X-Forwarded-For counts only from a trusted proxy). Anonymous
 * telemetry has its own, stricter budget. Counters live in the cache port: gateways sharing a
 * Redis share one budget.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Cache } from '@ust/platform';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts the call against its caller's budget; answers 429 once it is spent. */
    limitApiCalls: onRequestHookHandler;
  }
  interface FastifyContextConfig {
    /** The route takes calls without a token, which count against the anonymous telemetry budget. */
    anonymousTelemetry?: boolean;
  }
}

export interface RateLimitsOptions {
  cache: Cache;
  /** Calls per minute of a signed-in user, or of one address without a valid token. */
  perMinute: number;
  /** Calls per minute of one address to the telemetry routes without a token. */
  anonymousTelemetryPerMinute: number;
}

const WINDOW_MS = 60_000;
const ANONYMOUS_TELEMETRY = 'anonymous-telemetry:';

class RateLimiterUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super('Rate limits cannot be counted right now; try again shortly', { cause });
  }
}

/** @fastify/rate-limit's store on the cache port's countInWindow, the same for Redis and memory. */
function cacheStoreOn(cache: Cache) {
  return class CacheRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      cache.countInWindow(`ratelimit:${key}`, timeWindow).then(
        ({ count, remainingMs }) => callback(null, { current: count, ttl: remainingMs }),
        // Counting is part of serving: without it the call is refused loudly, not let through.
        (error: unknown) => callback(new RateLimiterUnavailableError(error)),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

async function rateLimitsPlugin(fastify: FastifyInstance, options: RateLimitsOptions) {
  await fastify.register(rateLimit, { global: false, store: cacheStoreOn(options.cache) });

  /** Whose budget a call spends: a valid token's subject, else its address (apart for anonymous telemetry). */
  async function callerOf(request: FastifyRequest): Promise<string> {
    const check = await fastify.checkToken(request);
    if (check.outcome === 'valid') return `subject:${check.claims.userId}`;
    const address = normalizeIP(request.ip);
    return check.outcome === 'absent' && request.routeOptions.config.anonymousTelemetry ? `${ANONYMOUS_TELEMETRY}${address}` : `address:${address}`;
  }

  fastify.decorate(
    'limitApiCalls',
    fastify.rateLimit({
      timeWindow: WINDOW_MS,
      keyGenerator: callerOf,
      max: (_request, key) => (key.startsWith(ANONYMOUS_TELEMETRY) ? options.anonymousTelemetryPerMinute : options.perMinute),
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(`Too many requests: at most ${context.max} per minute; retry in ${context.after}`), { statusCode: context.statusCode }),
    }),
  );
}

export default fp(rateLimitsPlugin, { name: 'rate-limits', dependencies: ['authentication'] });
