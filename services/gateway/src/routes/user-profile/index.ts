/**
 * POST /api/user-profile: the web app calls it after sign-in (docs/product.md section 7).
 * Creates the user on the first call, records the sign-in after that, and answers the
 * server's role. The e-mail and name recorded are the issuer's (token, else userinfo), never
 * the body's (docs/decisions/0032-identity-from-token.md). A deactivated user may call it, so
 * the app can say the account is deactivated (docs/decisions/0004-deactivated-accounts.md).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, UserProfileBody, UserProfileResponse } from '@ust/schemas';

const userProfileRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post(
    '/',
    {
      schema: {
        tags: ['identity'],
        summary: 'Create or update the signed-in user; answers their role',
        body: UserProfileBody,
        response: { 200: UserProfileResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const principal = request.principal!;
      if (request.body.sub !== principal.sub) {
        throw fastify.httpErrors.forbidden(`body.sub ${JSON.stringify(request.body.sub)} is not the signed-in user (${principal.sub})`);
      }
      const identity = await fastify.identityOf(request);
      const user = await fastify.users.recordSignIn({ sub: principal.sub, ...identity });
      return { id: user.id, sub: user.auth0_user_id, email: user.email, name: user.name, role: user.role, is_active: user.is_active };
    },
  );
};

export default userProfileRoutes;
