/**
 * Serves the built web app (web/dist) with an SPA fallback: a GET for a page route that is not
 * a file answers index.html, so deep links like /dashboard work. API, docs and health paths
 * keep their JSON 404s.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export interface WebAppOptions {
  /** Directory of the built app; when it has no index.html, nothing is served. */
  root: string;
}

const NOT_PAGES = /^\/(api|docs|health|ready|idp)(\/|$)/;

async function webAppPlugin(fastify: FastifyInstance, options: WebAppOptions) {
  const index = path.join(options.root, 'index.html');
  if (!existsSync(index)) {
    fastify.log.warn({ root: options.root }, 'web app not built: run `pnpm build` to serve the UI');
    return;
  }
  await fastify.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    // Hashed assets never change; index.html must be revalidated so a deploy is picked up.
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  fastify.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (NOT_PAGES.test(url) || path.extname(url)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
