/**
 * The admin analytics API (admin role only: app.ts checks it for this whole prefix). Lists and
 * figures are read from ClickHouse with typed parameters; an admin opens these, not every user.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminActivitiesQuery,
  AdminActivitiesResponse,
  AdminAnalytics,
  AdminLogsQuery,
  AdminLogsResponse,
  AdminSessionsQuery,
  AdminSessionsResponse,
  AdminUser,
  AdminUserIdParams,
  AdminUserPatchBody,
  AdminUsersResponse,
  ErrorBody,
  JobIdParams,
  RetryJobBody,
  RetryJobResponse,
  SystemHealth,
} from '@ust/schemas';
import { readSystemHealth } from '../../health/system-health.js';
import { getAnalyticsSummary } from '../../queries/admin/get-analytics-summary.js';
import { getPerMinuteSeries } from '../../queries/admin/get-per-minute-series.js';
import { getRecentLogs } from '../../queries/admin/get-recent-logs.js';
import { getRecentSessions } from '../../queries/admin/get-recent-sessions.js';
import { getRecentUserActivities } from '../../queries/admin/get-recent-user-activities.js';
import { listUsersWithActivityCounts } from '../../queries/admin/list-users-with-activity-counts.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

const adminRoutes: FastifyPluginAsyncTypebox<{ dataDir: string }> = async (fastify, { dataDir }) => {
  const { store } = fastify.ports;

  fastify.get(
    '/logs',
    { schema: { tags: ['admin'], summary: 'Newest log entries', querystring: AdminLogsQuery, response: { 200: AdminLogsResponse, ...errors } } },
    async (request) => ({
      logs: await getRecentLogs(store, request.query),
    }),
  );

  fastify.get(
    '/user-activities',
    {
      schema: { tags: ['admin'], summary: 'Newest user activities', querystring: AdminActivitiesQuery, response: { 200: AdminActivitiesResponse, ...errors } },
    },
    async (request) => ({ activities: await getRecentUserActivities(store, request.query) }),
  );

  fastify.get(
    '/users',
    { schema: { tags: ['admin'], summary: 'Every user with their activity count', response: { 200: AdminUsersResponse, ...errors } } },
    async () => ({
      users: await listUsersWithActivityCounts(store),
    }),
  );

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

  fastify.get(
    '/health',
    {
      schema: {
        tags: ['admin'],
        summary: 'System Health: each port with its target and round-trip time, consumer lag, dead letters, job queues, derived data age',
        response: { 200: SystemHealth, ...errors },
      },
    },
    async () => readSystemHealth(fastify.ports, dataDir),
  );

  fastify.post(
    '/jobs/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give a failed job a new round of tries',
        params: JobIdParams,
        body: RetryJobBody,
        response: { 200: RetryJobResponse, 404: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { queue } = request.body;
      if (!(await fastify.ports.jobs.retryJob(queue, id))) return reply.notFound(`No failed job ${id} in queue ${queue}`);
      request.log.info({ queue, jobId: id, by: request.principal!.userId }, 'failed job retried by an admin');
      return { id, queue, retried: true as const };
    },
  );

  fastify.patch(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a user's role or deactivate them",
        params: AdminUserIdParams,
        body: AdminUserPatchBody,
        response: { 200: AdminUser, 404: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // Nobody changes their own role or locks themselves out; another admin has to.
      if (id === request.principal!.userId) return reply.forbidden('You cannot change your own role or activation; ask another admin');
      const user = await fastify.users.change(id, request.body);
      if (!user) return reply.notFound(`User ${id} not found`);
      const [listed] = (await listUsersWithActivityCounts(store)).filter((candidate) => candidate.id === id);
      const { version: _version, ...fields } = user;
      return { ...fields, activity_count: listed?.activity_count ?? 0 };
    },
  );
};

export default adminRoutes;
