/**
 * The address search (docs/product.md section 7, docs/decisions/0012-search-results.md):
 * the facilities and the closest release within 10 miles of an address (search.ts), and the
 * results list as a file (exports.ts). Served from the cache: no ClickHouse query per search
 * (docs/decisions/0022-chdb-discipline.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import searchExportRoutes from './exports.js';
import searchRoutes from './search.js';

const searchAddressRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  await fastify.register(searchRoutes);
  await fastify.register(searchExportRoutes);
};

export default searchAddressRoutes;
