/**
 * Serves the built web app (web/dist) with an SPA fallback: a GET for a page route that is not
 * a file answers index.html, so deep links like /dashboard work. API, docs and health paths
 * keep their JSON 404s. Source maps are never served, even when a build left them in the
 * directory.
 *
 * The pages (index.html, silent-renew.html) are read once at start and served from memory with
 * the app's sign-in settings inlined as a JSON data block (GET /api/auth-config's body), so one
 * build runs with any issuer and the app needs no call before its first paint. A data block is
 * never executed, so the Content-Security-Policy's `script-src 'self'` holds.
 *
 * A page asked for under another host than PUBLIC_URL's (127.0.0.1, [::1], the machine's name)
 * is redirected to the same path on PUBLIC_URL before the app loads: the issuer registers the
 * app's redirect URIs, and sets its cookies, for PUBLIC_URL's host only. The target is built
 * from PUBLIC_URL and the request's path, never from the Host header.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AUTH_CONFIG_ELEMENT_ID, type AuthConfig } from '@ust/schemas';
import type { WebAppPolicies } from './content-security-policy.js';

export interface WebAppOptions {
  /** Directory of the built app; when it has no index.html, nothing is served. */
  root: string;
  /** The Content-Security-Policy header values of the app's pages (content-security-policy.ts). */
  policies: WebAppPolicies;
  /** Inlined into every page: how the app signs in. */
  authConfig: AuthConfig;
  /** PUBLIC_URL: pages asked for under another host are redirected there. */
  publicUrl: string;
}

const NOT_PAGES = /^\/(api|docs|health|ready|idp)(\/|$)/;
const SOURCE_MAP = /\.map$/i;
const INDEX = 'index.html';
const SILENT_RENEW = 'silent-renew.html';

/** A page of the app: an .html file, or a route the SPA fallback answers (no extension). */
function isPagePath(pathName: string): boolean {
  if (NOT_PAGES.test(pathName)) return false;
  const extension = path.posix.extname(pathName);
  return extension === '' || extension === '.html';
}

/** The JSON data block: `<` escaped, so no value can close the script element. */
export function authConfigElement(authConfig: AuthConfig): string {
  const json = JSON.stringify(authConfig).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${AUTH_CONFIG_ELEMENT_ID}">${json}</script>`;
}

function withAuthConfig(html: string, authConfig: AuthConfig): string {
  const element = authConfigElement(authConfig);
  // The app's scripts are modules, which run after the whole document is parsed: any place will do.
  // Spliced by index, not String.replace, whose replacement string would expand a `$'` or `$&`
  // in a configured value into parts of the page.
  const head = html.indexOf('</head>');
  return head === -1 ? `${html}${element}` : `${html.slice(0, head)}${element}${html.slice(head)}`;
}

/**
 * Redirects a page request whose host is not PUBLIC_URL's; a no-op for everything else. Host is
 * the Host header, or X-Forwarded-Host from a proxy TRUST_PROXY names.
 */
function redirectToPublicHost(publicUrl: string) {
  const publicHost = new URL(publicUrl).host.toLowerCase();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.host.toLowerCase() === publicHost) return;
    // Only the path and query are kept, as the URL parser normalises them (dot segments,
    // backslashes, a '//' prefix taken as a host): the origin is always PUBLIC_URL's.
    const { pathname, search } = URL.parse(request.url, 'http://path.invalid') ?? { pathname: '/', search: '' };
    if (!isPagePath(pathname)) return;
    return reply.redirect(`${publicUrl}${pathname}${search}`, 302);
  };
}

async function webAppPlugin(fastify: FastifyInstance, options: WebAppOptions) {
  if (!existsSync(path.join(options.root, INDEX))) {
    fastify.log.warn({ root: options.root }, 'web app not built: run `pnpm build` to serve the UI');
    return;
  }
  const readPage = async (name: string) => withAuthConfig(await readFile(path.join(options.root, name), 'utf8'), options.authConfig);
  const index = await readPage(INDEX);
  const silentRenew = existsSync(path.join(options.root, SILENT_RENEW)) ? await readPage(SILENT_RENEW) : undefined;
  const { page, silentRenewPage } = options.policies;
  const sendPage = (reply: FastifyReply, html: string, policy: string) =>
    // Pages must be revalidated so a deploy is picked up.
    reply.header('cache-control', 'no-cache').header('content-security-policy', policy).type('text/html; charset=utf-8').send(html);

  await fastify.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    // The pages are served from memory (below), with the sign-in settings inlined.
    index: false,
    globIgnore: [INDEX, SILENT_RENEW],
    // Source maps would hand out the app's sources; a map request is answered like a missing file.
    allowedPath: (pathName) => !SOURCE_MAP.test(pathName),
    setHeaders(reply, filePath) {
      // Hashed assets never change; anything else must be revalidated.
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (filePath.endsWith('.html')) reply.header('content-security-policy', page);
    },
  });
  const onRequest = redirectToPublicHost(options.publicUrl);
  const hidden = { schema: { hide: true }, onRequest };
  fastify.get(`/${INDEX}`, hidden, async (_request, reply) => sendPage(reply, index, page));
  if (silentRenew !== undefined) fastify.get(`/${SILENT_RENEW}`, hidden, async (_request, reply) => sendPage(reply, silentRenew, silentRenewPage));
  fastify.get('/*', hidden, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (NOT_PAGES.test(url) || path.extname(url)) return reply.callNotFound();
    return sendPage(reply, index, page);
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
