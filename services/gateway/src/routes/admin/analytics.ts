/**
 * How the platform is used: the newest sessions, and the last hour's users, sessions, error
 * rate and response time with a per-minute series, read from ClickHouse.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminAnalytics, AdminSessionsQuery, AdminSessionsResponse, ErrorBody } from '@ust/schemas';
import { getAnalyticsSummary } from '../../queries/admin/get-analytics-summary.js';
import { getPerMinuteSeries } from '../../queries/admin/get-per-minute-series.js';
import { getRecentSessions } from '../../queries/admin/get-recent-sessions.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

const adminAnalyticsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store } = fastify.ports;

  fastify.get(
    '/sessions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Newest sessions of the last 7 days',
        querystring: AdminSessionsQuery,
        response: { 200: AdminSessionsResponse, ...errors },
      },
    },
    async (request) => ({ sessions: await getRecentSessions(store, request.query) }),
  );

  fastify.get(
    '/analytics',
    {
      schema: {
        tags: ['admin'],
        summary: 'The last 60 minutes: users, sessions, error rate, response time and a per-minute series',
        response: { 200: AdminAnalytics, ...errors },
      },
    },
    async () => {
      const now = new Date();
      const [summary, series] = await Promise.all([getAnalyticsSummary(store, { now }), getPerMinuteSeries(store, { now })]);
      return { ...summary, series };
    },
  );
};

export default adminAnalyticsRoutes;
