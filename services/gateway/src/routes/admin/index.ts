/**
 * The admin API (admin role only: app.ts checks it for this whole prefix): logs and activities,
 * users, usage analytics, system health, imports and replays, one plugin each. Lists and figures
 * are read from ClickHouse with typed parameters; an admin opens these, not every user.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import adminAnalyticsRoutes from './analytics.js';
import adminHealthRoutes, { type AdminHealthRoutesOptions } from './health.js';
import importRoutes, { type ImportRoutesOptions } from './imports.js';
import adminLogRoutes from './logs.js';
import replayRoutes from './replays.js';
import adminUserRoutes from './users.js';

export type AdminRoutesOptions = AdminHealthRoutesOptions & ImportRoutesOptions;

const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (fastify, { dataDir, uploadLimitBytes }) => {
  await fastify.register(adminLogRoutes);
  await fastify.register(adminUserRoutes);
  await fastify.register(adminAnalyticsRoutes);
  await fastify.register(adminHealthRoutes, { dataDir });
  await fastify.register(importRoutes, { uploadLimitBytes });
  await fastify.register(replayRoutes);
};

export default adminRoutes;
