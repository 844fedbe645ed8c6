/**
 * The admin analytics API (admin role only: app.ts checks it for this whole prefix). Lists and
 * figures are read from ClickHouse with typed parameters; an admin opens these, not every user.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminActivitiesExportQuery,
  AdminActivitiesQuery,
  AdminActivitiesResponse,
  AdminAnalytics,
  AdminLogsExportQuery,
  AdminLogsQuery,
  AdminLogsResponse,
  AdminSessionsQuery,
  AdminSessionsResponse,
  AdminUser,
  AdminUserIdParams,
  AdminUserPatchBody,
  AdminUsersResponse,
  CsvExport,
  ErrorBody,
  JobIdParams,
  MAX_ADMIN_EXPORT_ROWS,
  RetryJobBody,
  RetryJobResponse,
  SystemHealth,
  type AdminActivity,
  type AdminLogEntry,
} from '@ust/schemas';
import { ACTIVITY_COLUMNS, LOG_COLUMNS } from '../../exports/admin-columns.js';
import { csvChunks } from '../../exports/csv-writer.js';
import { keysetPages } from '../../exports/keyset-pages.js';
import { exportFileName, sendExport } from '../../exports/send-export.js';
import { readSystemHealth } from '../../health/system-health.js';
import { getAnalyticsSummary } from '../../queries/admin/get-analytics-summary.js';
import { getLogPage } from '../../queries/admin/get-log-page.js';
import { getPerMinuteSeries } from '../../queries/admin/get-per-minute-series.js';
import { getRecentLogs } from '../../queries/admin/get-recent-logs.js';
import { getRecentSessions } from '../../queries/admin/get-recent-sessions.js';
import { getRecentUserActivities } from '../../queries/admin/get-recent-user-activities.js';
import { getUserActivityPage } from '../../queries/admin/get-user-activity-page.js';
import { listUsersWithActivityCounts } from '../../queries/admin/list-users-with-activity-counts.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** Rows per statement of an admin export. */
const ADMIN_EXPORT_PAGE_SIZE = 5_000;

/** 'logs-2026-03-05T09-15-02Z.csv': when the export was taken, to the second. */
const exportedAt = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

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
    '/logs/export/csv',
    {
      schema: {
        tags: ['admin', 'exports'],
        summary: 'The log entries the System Logs filters match, newest first, as CSV (streamed)',
        querystring: AdminLogsExportQuery,
        produces: ['text/csv'],
        response: { 200: CsvExport, ...errors },
      },
    },
    async (request, reply) => {
      const { limit = MAX_ADMIN_EXPORT_ROWS } = request.query;
      const rows = keysetPages<AdminLogEntry>((after, pageLimit) => getLogPage(store, request.query, after, pageLimit), ADMIN_EXPORT_PAGE_SIZE, limit);
      return sendExport(reply, 'csv', exportFileName(['logs', exportedAt()], 'csv'), csvChunks(LOG_COLUMNS, rows));
    },
  );

  fastify.get(
    '/user-activities/export/csv',
    {
      schema: {
        tags: ['admin', 'exports'],
        summary: "Every user's activities, newest first, as CSV (streamed)",
        querystring: AdminActivitiesExportQuery,
        produces: ['text/csv'],
        response: { 200: CsvExport, ...errors },
      },
    },
    async (request, reply) => {
      const { limit = MAX_ADMIN_EXPORT_ROWS } = request.query;
      const rows = keysetPages<AdminActivity>((after, pageLimit) => getUserActivityPage(store, after, pageLimit), ADMIN_EXPORT_PAGE_SIZE, limit);
      return sendExport(reply, 'csv', exportFileName(['user-activities', exportedAt()], 'csv'), csvChunks(ACTIVITY_COLUMNS, rows));
    },
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
    async (request) => {
      const { id } = request.params;
      const { queue } = request.body;
      if (!(await fastify.ports.jobs.retryJob(queue, id))) throw fastify.httpErrors.notFound(`No failed job ${id} in queue ${queue}`);
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
    async (request) => {
      const { id } = request.params;
      // Nobody changes their own role or locks themselves out; another admin has to.
      if (id === request.principal!.userId) throw fastify.httpErrors.forbidden('You cannot change your own role or activation; ask another admin');
      const user = await fastify.users.change(id, request.body);
      if (!user) throw fastify.httpErrors.notFound(`User ${id} not found`);
      const [listed] = (await listUsersWithActivityCounts(store)).filter((candidate) => candidate.id === id);
      const { version: _version, ...fields } = user;
      return { ...fields, activity_count: listed?.activity_count ?? 0 };
    },
  );
};

export default adminRoutes;
