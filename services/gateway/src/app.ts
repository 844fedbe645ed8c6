/**
 * The gateway as a Fastify plugin (STYLE.md): external plugins, then app plugins, then routes.
 * server.ts and the standalone process register it; tests register it and call inject().
 */
import type { FastifyInstance } from 'fastify';
import sensible from '@fastify/sensible';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { Config, Ports } from '@ust/platform';
import errorHandler from './plugins/error-handler.js';
import portsPlugin from './plugins/ports.js';
import openApi from './plugins/openapi.js';
import webApp from './plugins/web-app.js';
import healthRoutes from './routes/health/index.js';
import releaseRoutes from './routes/releases/index.js';
import facilityRoutes from './routes/facilities/index.js';
import statisticsRoutes from './routes/facilities-statistics/index.js';
import regionRoutes from './routes/geojson-cached/index.js';

export interface AppOptions {
  config: Readonly<Config>;
  ports: Ports;
  /** Built web app to serve; omitted in API-only tests. */
  webRoot?: string;
}

/** Prefix of every product route; /health, /ready and /docs stay at the root. */
export const API_PREFIX = '/api';

export default async function app(fastify: FastifyInstance, options: AppOptions) {
  await fastify.register(sensible);
  await fastify.register(helmet, {
    // The web app loads map tiles and styles from configured origins; its own CSP lives with the app.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  await fastify.register(compress, { threshold: 1024 });
  await fastify.register(rateLimit, { max: options.config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });

  await fastify.register(errorHandler);
  await fastify.register(portsPlugin, { config: options.config, ports: options.ports });
  await fastify.register(openApi);

  await fastify.register(healthRoutes);
  await fastify.register(async (api) => {
    // Product routes live under /api, one plugin per area (routes/<area>/index.ts).
    api.get('/', { schema: { hide: true } }, async () => ({ name: 'UST Risk Platform API', docs: '/docs' }));
    await api.register(facilityRoutes, { prefix: '/facilities' });
    await api.register(statisticsRoutes, { prefix: '/facilities-statistics' });
    await api.register(regionRoutes, { prefix: '/geojson-cached' });
    await api.register(releaseRoutes, { prefix: '/releases' });
  }, { prefix: API_PREFIX });

  if (options.webRoot) await fastify.register(webApp, { root: options.webRoot });
}
