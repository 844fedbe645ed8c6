/**
 * The users an admin manages: every user with their activity count, and a change of one
 * user's role or activation.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminUser, AdminUserIdParams, AdminUserPatchBody, AdminUsersResponse, ErrorBody } from '@ust/schemas';
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
