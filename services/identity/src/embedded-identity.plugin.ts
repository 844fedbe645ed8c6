/**
 * Mounts the embedded provider in a Fastify app under its mount path (DECISIONS.md 26).
 * oidc-provider is a Koa app that reads the raw request stream, so its routes (the mount path
 * and everything under it) hand the raw request to it in their own onRequest hook, before
 * Fastify parses a body, and leave the reply to it. Only these routes pay for that: a
 * middleware engine such as @fastify/middie would run on every request of the app, and took
 * about an eighth of the gateway's capacity under load.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { EmbeddedIdentity } from './embedded-identity.js';

export interface EmbeddedIdentityPluginOptions {
  identity: EmbeddedIdentity;
}

const plugin: FastifyPluginAsync<EmbeddedIdentityPluginOptions> = async (fastify, { identity }) => {
  const { mountPath } = identity;
  const handle = identity.callback();
  const toProvider = (request: FastifyRequest, reply: FastifyReply) => {
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
    fastify.route({ method: ['GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE', 'PUT', 'PATCH'], url, schema: { hide: true }, onRequest: toProvider, handler: answeredByProvider });
  }
};

export const embeddedIdentityPlugin = fp(plugin, { name: 'embedded-identity', fastify: '5.x' });
