/**
 * The newest log entries and user activities, and the CSV exports of either (streamed, a page
 * of rows per statement), read from ClickHouse with typed parameters.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminActivitiesExportQuery,
  AdminActivitiesQuery,
  AdminActivitiesResponse,
  AdminLogsExportQuery,
  AdminLogsQuery,
  AdminLogsResponse,
  CsvExport,
  ErrorBody,
  MAX_ADMIN_EXPORT_ROWS,
  type AdminActivity,
  type AdminLogEntry,
} from '@ust/schemas';
import { ACTIVITY_COLUMNS, LOG_COLUMNS } from '../../exports/admin-columns.js';
import { csvChunks } from '../../exports/csv-writer.js';
import { keysetPages } from '../../exports/keyset-pages.js';
import { exportFileName, sendExport } from '../../exports/send-export.js';
import { getLogPage } from '../../queries/admin/get-log-page.js';
import { getRecentLogs } from '../../queries/admin/get-recent-logs.js';
import { getRecentUserActivities } from '../../queries/admin/get-recent-user-activities.js';
import { getUserActivityPage } from '../../queries/admin/get-user-activity-page.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** Rows per statement of an admin export. */
const ADMIN_EXPORT_PAGE_SIZE = 5_000;

/** 'logs-2026-03-05T09-15-02Z.csv': when the export was taken, to the second. */
const exportedAt = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

const adminLogRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
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
};

export default adminLogRoutes;
