/**
 * The users an admin manages: every user with their activity count, a change of one user's
 * role or activation, and how much each user watches (counts only: a watchlist is its owner's).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminUser, AdminUserIdParams, AdminUserPatchBody, AdminUsersResponse, AdminWatchlistCounts, ErrorBody } from '@ust/schemas';
import { countWatchedByOwner } from '@ust/read-model';
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
