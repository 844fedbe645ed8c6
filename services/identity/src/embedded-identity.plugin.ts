/**
 * Mounts the embedded provider in a Fastify app under its mount path
 * (docs/decisions/0026-embedded-identity-tokens.md). oidc-provider is a Koa app that reads the
 * raw request stream, so its routes (the mount path and everything under it) hand the raw
 * request to it in their own onRequest hook, before Fastify parses a body, and leave the reply
 * to it. Only these routes pay for that: a middleware engine such as @fastify/middie would run
 * on every request of the app, a cost every API call would carry for the few that reach the
 * provider.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { normalizeIP } from '@fastify/rate-limit';
import type { Cache } from '@ust/platform';
import type { EmbeddedIdentity } from './embedded-identity.js';
import { pagePolicy, renderErrorPage } from './pages.js';

export interface SignInLimit {
  /** Counts attempts; a Redis cache shares the count between processes. */
  counter: Pick<Cache, 'countInWindow'>;
  /** Sign-in form posts per minute per client address. */
  perMinute: number;
}

export interface EmbeddedIdentityPluginOptions {
  identity: EmbeddedIdentity;
  /** Limits password guessing on the sign-in form; omitted, nothing is counted (tests). */
  signInLimit?: SignInLimit;
}

const SIGN_IN_POST = /\/interaction\/[^/]+\/login\/?$/;
const SIGN_IN_WINDOW_MS = 60_000;

/** True, after answering 429 with a page, when this sign-in post is one too many from its address. */
async function refusedAsTooMany({ counter, perMinute }: SignInLimit, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const { count, remainingMs } = await counter.countInWindow(`ratelimit:sign-in:${normalizeIP(request.ip)}`, SIGN_IN_WINDOW_MS);
  if (count <= perMinute) return false;
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000));
  await reply
    .code(429)
    .header('retry-after', String(seconds))
    .header('cache-control', 'no-store')
    .header('content-security-policy', pagePolicy())
    .type('text/html; charset=utf-8')
    .send(renderErrorPage('Too many sign-in attempts', `Too many sign-in attempts from your network. Wait ${seconds} seconds, then go back and try again.`));
  return true;
}

const plugin: FastifyPluginAsync<EmbeddedIdentityPluginOptions> = async (fastify, { identity, signInLimit }) => {
  const { mountPath } = identity;
  const handle = identity.callback();
  const toProvider = async (request: FastifyRequest, reply: FastifyReply) => {
    if (signInLimit && request.method === 'POST' && SIGN_IN_POST.test(request.url.split('?')[0]!) && (await refusedAsTooMany(signInLimit, request, reply)))
      return reply;
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    // As a mounted Koa app sees it: the path below the mount, the full URL as originalUrl.
    const url = raw.url ?? mountPath;
    raw.originalUrl = url;
    const below = url.slice(mountPath.length);
    raw.url = below.startsWith('/') ? below : `/${below}`;
    handle(raw, reply.raw);
  };
  // Never called: the provider answers in onRequest, before a handler would run.
  const answeredByProvider = async () => undefined;
  // An issuer without a path mounts the provider at the root: every path is its.
  for (const url of mountPath ? [mountPath, `${mountPath}/*`] : ['/', '/*']) {
    fastify.route({
      method: ['GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE', 'PUT', 'PATCH'],
      url,
      schema: { hide: true },
      onRequest: toProvider,
      handler: answeredByProvider,
    });
  }
};

export const embeddedIdentityPlugin = fp(plugin, { name: 'embedded-identity', fastify: '5.x' });
