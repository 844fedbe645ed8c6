/**
 * GET /api/auth-config: the issuer, client id and audience the web app signs in with. Public,
 * because the app needs it before anyone is signed in; it says nothing the issuer's discovery
 * document and the sign-in redirect do not. Served at run time rather than built into the app, so
 * one build works with any issuer; the gateway also inlines the same object into the app's pages
 * (plugins/web-app.ts), so the app needs no call before its first paint.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthConfig } from '@ust/schemas';

export interface AuthConfigRouteOptions {
  authConfig: AuthConfig;
}

const authConfigRoutes: FastifyPluginAsyncTypebox<AuthConfigRouteOptions> = async (fastify, { authConfig }) => {
  fastify.get(
    '/',
    { schema: { tags: ['identity'], summary: 'How the web app signs in: issuer, client id, audience (public)', response: { 200: AuthConfig } } },
    async () => authConfig,
  );
};

export default authConfigRoutes;
