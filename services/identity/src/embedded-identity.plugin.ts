/**
 * Mounts the embedded provider in a Fastify app under its mount path (DECISIONS.md 26).
 * oidc-provider is a Koa app, so it runs as @fastify/middie middleware in the onRequest hook,
 * before Fastify parses bodies: the provider and the sign-in form read the raw request stream.
 */
import middie from '@fastify/middie';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { EmbeddedIdentity } from './embedded-identity.js';

export interface EmbeddedIdentityPluginOptions {
  identity: EmbeddedIdentity;
}

const plugin: FastifyPluginAsync<EmbeddedIdentityPluginOptions> = async (fastify, { identity }) => {
  if (!fastify.hasDecorator('use')) await fastify.register(middie);
  fastify.use(identity.mountPath, identity.callback());
};

export const embeddedIdentityPlugin = fp(plugin, { name: 'embedded-identity', fastify: '5.x' });
