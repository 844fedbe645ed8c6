import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, FacilityStatistics } from '@ust/schemas';
import { readStatistics } from '@ust/read-model';

/** GET /api/facilities-statistics: the dashboard's database figures and charts, from the cache. */
const statisticsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/',
    {
      schema: {
        tags: ['facilities'],
        summary: 'Facility database statistics (totals, leak rate, distributions)',
        response: { 200: FacilityStatistics, 503: ErrorBody },
      },
    },
    async () => {
      const statistics = await readStatistics(fastify.ports.cache);
      if (!statistics) throw fastify.httpErrors.serviceUnavailable('No dataset has been built yet');
      return statistics;
    },
  );
};

export default statisticsRoutes;
