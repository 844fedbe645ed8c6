/**
 * Helmet's security headers (HSTS, nosniff, frame and cross-origin policies, ...) on every
 * response of the platform's HTTP services: the gateway and the identity service send the same.
 * Helmet works them out once, at registration, and each request gets a copy of the list, because
 * running helmet per request is a large share of a cheap request's cost: @fastify/helmet builds
 * helmet's middleware anew for every request (options parsed, a function made per header) in two
 * hooks, and even a middleware built once runs a function per header, slowest after an idle
 * moment (cold CPU caches). Helmet's headers depend on its options alone, except a CSP with
 * per-request nonces, which this gateway does not send (the web app's CSP lives with it).
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaders {
  set: Array<[name: string, value: string]>;
  removed: string[];
}

/** What helmet's middleware does to a response with these options, recorded once. */
export function securityHeadersOf(options: HelmetOptions): SecurityHeaders {
  const headers: SecurityHeaders = { set: [], removed: [] };
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set.push([name, String(value)]),
    removeHeader: (name: string) => headers.removed.push(name),
  } as unknown as ServerResponse;
  let finished = false;
  helmet(options)({} as never, recorder, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish its headers synchronously');
  return headers;
}

/**
 * The platform's helmet options. Pages set their own Content-Security-Policy (the web app's
 * depends on the configured issuer and tile hosts, the sign-in pages' on the web origins), and
 * the map's cross-origin tiles rule out a Cross-Origin-Embedder-Policy.
 */
export const PLATFORM_HELMET_OPTIONS: HelmetOptions = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false };

async function securityHeaders(fastify: FastifyInstance) {
  const { set, removed } = securityHeadersOf(PLATFORM_HELMET_OPTIONS);
  fastify.addHook('onRequest', (request, reply, done) => {
    const response = reply.raw;
    for (let index = 0; index < set.length; index++) response.setHeader(set[index]![0], set[index]![1]);
    for (let index = 0; index < removed.length; index++) response.removeHeader(removed[index]!);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
