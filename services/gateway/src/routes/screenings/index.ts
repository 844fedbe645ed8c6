/**
 * Portfolio screening (docs/decisions/0034-access-by-role.md, 0035-portfolio-matching.md):
 * brokers, underwriters and admins (app.ts checks the role for this prefix) upload a CSV of
 * locations; the workers screen it (JobNames.screenPortfolio) while the client
 * follows its progress. A screening is its owner's: anyone else but an admin is told it does
 * not exist (visible-screening.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import screeningDownloadRoutes from './downloads.js';
import screeningRunRoutes from './runs.js';
import screeningWatchRoutes from './watch.js';

const screeningRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(screeningRunRoutes);
  await fastify.register(screeningDownloadRoutes);
  await fastify.register(screeningWatchRoutes);
};

export default screeningRoutes;
