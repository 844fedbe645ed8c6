/**
 * Serves the built web app (web/dist) with an SPA fallback: a GET for a page route that is not
 * a file answers index.html, so deep links like /dashboard work. API, docs and health paths
 * keep their JSON 404s. Pages carry the app's Content-Security-Policy; source maps are never
 * served, even when a build left them in the directory.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { WebAppPolicies } from './content-security-policy.js';

export interface WebAppOptions {
  /** Directory of the built app; when it has no index.html, nothing is served. */
  root: string;
  /** The Content-Security-Policy header values of the app's pages (content-security-policy.ts). */
  policies: WebAppPolicies;
}

const NOT_PAGES = /^\/(api|docs|health|ready|idp)(\/|$)/;
const SOURCE_MAP = /\.map$/i;
const SILENT_RENEW_PAGE = `${path.sep}silent-renew.html`;

async function webAppPlugin(fastify: FastifyInstance, options: WebAppOptions) {
  const index = path.join(options.root, 'index.html');
  if (!existsSync(index)) {
    fastify.log.warn({ root: options.root }, 'web app not built: run `pnpm build` to serve the UI');
    return;
  }
  const { page, silentRenewPage } = options.policies;
  await fastify.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    // Source maps would hand out the app's sources; a map request is answered like a missing file.
    allowedPath: (pathName) => !SOURCE_MAP.test(pathName),
    setHeaders(reply, filePath) {
      // Hashed assets never change; pages must be revalidated so a deploy is picked up.
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (filePath.endsWith('.html')) reply.header('content-security-policy', filePath.endsWith(SILENT_RENEW_PAGE) ? silentRenewPage : page);
    },
  });
  fastify.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (NOT_PAGES.test(url) || path.extname(url)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
