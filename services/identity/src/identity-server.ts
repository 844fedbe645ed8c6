/**
 * The identity process's HTTP server: the embedded provider on its own (the compose stack's
 * `identity` container, docs/decisions/0006-identity-container.md) with GET /health, the
 * gateway's security headers, sign-in posts limited per address, and forwarded headers
 * believed only from the proxies TRUST_PROXY names.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyTrustProxy, securityHeaders, type Cache, type Config, type Logger } from '@ust/platform';
import type { EmbeddedIdentity } from './embedded-identity.js';
import { embeddedIdentityPlugin } from './embedded-identity.plugin.js';

export interface IdentityServerOptions {
  config: Readonly<Config>;
  identity: EmbeddedIdentity;
  /** Where sign-in attempts are counted. */
  cache: Cache;
  logger: Logger;
}

export async function buildIdentityServer({ config, identity, cache, logger }: IdentityServerOptions): Promise<FastifyInstance> {
  const server = Fastify({ loggerInstance: logger, trustProxy: fastifyTrustProxy(config.trustProxy) });
  // The same headers as the gateway's: this is the sign-in page users type their password into.
  await server.register(securityHeaders);
  await server.register(embeddedIdentityPlugin, { identity, signInLimit: { counter: cache, perMinute: config.SIGN_IN_RATE_LIMIT_PER_MINUTE } });
  server.get('/health', async () => ({ status: 'ok' as const, uptime_seconds: Math.round(process.uptime()) }));
  await server.ready();
  return server as unknown as FastifyInstance;
}
