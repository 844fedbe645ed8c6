/**
 * Facilities (the map's detail panel and dialog): a county's or a state's list (lists.ts) and
 * those lists as files (exports.ts), and one facility's details and exposure sheet (details.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import facilityDetailRoutes from './details.js';
import facilityExportRoutes from './exports.js';
import facilityListRoutes from './lists.js';

const facilityRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(facilityExportRoutes);
  await fastify.register(facilityListRoutes);
  await fastify.register(facilityDetailRoutes);
};

export default facilityRoutes;
