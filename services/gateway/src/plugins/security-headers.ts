/**
 * Helmet's security headers (HSTS, nosniff, frame and cross-origin policies, ...) on every
 * response. Helmet's middleware is built once, at registration: @fastify/helmet built it anew
 * for every request (options parsed, a function made per header) in two hooks, which took about
 * a quarter of the gateway's capacity under load. The headers never depend on the request here
 * (no CSP nonces), so one middleware serves every request.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

async function securityHeaders(fastify: FastifyInstance, options: HelmetOptions) {
  const applyHeaders = helmet(options);
  // Helmet's callback takes the error it may pass; it throws instead since helmet 8.1.
  fastify.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}

export default fp(securityHeaders, { name: 'security-headers' });
