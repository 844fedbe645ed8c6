/**
 * The users an admin manages: every user with their activity count, a change of one user's
 * role or activation, how much each user watches (counts only: a watchlist is its owner's), and
 * the webhook delivery log with its dead letters (receivers' hosts only).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminUser,
  AdminUserIdParams,
  AdminUserPatchBody,
  AdminUsersResponse,
  AdminWatchlistCounts,
  AdminWebhookDeliveries,
  AdminWebhookDeliveriesQuery,
  ErrorBody,
} from '@ust/schemas';
import { countWatchedByOwner, listWebhookDeliveries } from '@ust/read-model';
import { listUsersWithActivityCounts } from '../../queries/admin/list-users-with-activity-counts.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

const adminUserRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store } = fastify.ports;

  fastify.get(
    '/users',
    { schema: { tags: ['admin'], summary: 'Every user with their activity count', response: { 200: AdminUsersResponse, ...errors } } },
    async () => ({
      users: await listUsersWithActivityCounts(store),
    }),
  );

  fastify.get(
    '/watchlists',
    {
      schema: {
        tags: ['admin', 'watchlists'],
        summary: 'How many watchlists, watched facilities and watched places each user keeps (never which)',
        response: { 200: AdminWatchlistCounts, ...errors },
      },
    },
    async () => {
      const [counts, users] = await Promise.all([countWatchedByOwner(store), listUsersWithActivityCounts(store)]);
      const emails = new Map(users.map((user) => [user.id, user.email]));
      return {
        users: counts.map(({ owner_id, watchlists, facilities, places }) => ({
          user_id: owner_id,
          email: emails.get(owner_id) ?? '',
          watchlists,
          facilities,
          places,
        })),
      };
    },
  );

  fastify.get(
    '/webhook-deliveries',
    {
      schema: {
        tags: ['admin', 'watchlists'],
        summary: "Every try of the users' webhook deliveries, newest first; with dead_only, the deliveries given up (the dead-letter list)",
        querystring: AdminWebhookDeliveriesQuery,
        response: { 200: AdminWebhookDeliveries, ...errors },
      },
    },
    async (request) => ({ deliveries: await listWebhookDeliveries(store, { limit: request.query.limit ?? 100, deadOnly: request.query.dead_only ?? false }) }),
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

export default adminUserRoutes;
