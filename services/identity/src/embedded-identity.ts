/**
 * The embedded OpenID provider (docs/architecture.md section 6) for local use and demos:
 * oidc-provider with the demo accounts, keys kept under `DATA_DIR/identity/`, and its sessions,
 * grants, codes and refresh tokens on the process's Cache port (cache-adapter.ts): they survive a
 * restart (the embedded cache's snapshot, or Redis) and are shared by every replica on one Redis.
 */
import type { JsonWebKey } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Cache, Logger } from '@ust/platform';
import Provider from 'oidc-provider';
import { signAccessToken, type AccessTokenSubject } from './access-token.js';
import { cacheAdapter } from './cache-adapter.js';
import type { DemoAccount } from './demo-accounts.js';
import { publicJwkOf } from './identity-keys.js';
import { loadIdentityFiles } from './identity-files.js';
import { interactionRoutes } from './interactions.js';
import { pagePolicy } from './pages.js';
import { providerConfiguration } from './provider-configuration.js';

export interface EmbeddedIdentityOptions {
  /** Keys and accounts live in `${dataDir}/identity/`. */
  dataDir: string;
  /** e.g. http://localhost:8080/idp; the mount path is its path name. */
  issuer: string;
  /** The API resource indicator, e.g. http://localhost:8080/api: every access token is a JWT for it. */
  audience: string;
  /** The web app's public client (PKCE, no secret), e.g. 'ust-web'. */
  clientId: string;
  /** Origins of the web app: redirect URIs `${origin}/callback` and `${origin}/silent-renew.html`, post-logout `${origin}/`. */
  webOrigins: string[];
  /**
   * Where the provider keeps its state (under `idp:`): the process's Cache port, so that a sign-in
   * outlives a restart and every replica sharing the cache accepts its refresh tokens.
   */
  cache: Cache;
  log: Logger;
}

export interface EmbeddedIdentity {
  readonly issuer: string;
  readonly audience: string;
  readonly mountPath: string;
  readonly accounts: readonly DemoAccount[];
  /** What `${issuer}/jwks` serves (public parts only). */
  publicJwks(): { keys: JsonWebKey[] };
  /** A node handler; `req.url` is relative to the mount path. */
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  /** Signs an access token exactly like the provider's JWT access tokens (same key, kid, iss, aud, claims). */
  issueAccessToken(subject: AccessTokenSubject, options?: { ttlSeconds?: number }): Promise<string>;
}

/**
 * oidc-provider builds every URL it hands out (discovery, the redirects of a sign-in, the
 * sign-out form's action) on the request's origin, Koa's `ctx.href`: the Host header, or
 * X-Forwarded-Host and -Proto when `provider.proxy` is set. A client writes those headers as it
 * likes, and a proxy may pass them on, so they are replaced with the issuer's own before the
 * provider reads them. Its cookies are then Secure exactly when the issuer is https.
 */
function pinToIssuerOrigin(req: IncomingMessage, issuer: URL): void {
  req.headers.host = issuer.host;
  req.headers['x-forwarded-host'] = issuer.host;
  req.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
}

export async function createEmbeddedIdentity(options: EmbeddedIdentityOptions): Promise<EmbeddedIdentity> {
  const { dataDir, issuer, audience, clientId, cache, log } = options;
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');
  const webOrigins = options.webOrigins.map((origin) => new URL(origin).origin);
  const { keys, accounts } = await loadIdentityFiles(dataDir);

  const provider = new Provider(issuer, {
    ...providerConfiguration({ mountPath, audience, clientId, webOrigins, accounts, keys }),
    adapter: cacheAdapter(cache),
  });
  // Koa then takes the request's origin from X-Forwarded-Proto and -Host, which pinToIssuerOrigin
  // sets on every request: only the issuer's origin ever reaches the provider. (Koa would also
  // read a client address from X-Forwarded-For; no flow enabled here uses one.)
  provider.proxy = true;
  // Set before the provider answers, so that its sign-out, error and sign-in pages all carry it.
  const policy = pagePolicy(webOrigins);
  provider.use(async (ctx, next) => {
    ctx.set('Content-Security-Policy', policy);
    await next();
  });
  provider.use(interactionRoutes({ provider, mountPath, accounts, log }));
  provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'identity provider error'));

  const handle = provider.callback();
  const issuerOrigin = new URL(issuer);
  const jwks = { keys: [publicJwkOf(keys.signingKey)] };

  return {
    issuer,
    audience,
    mountPath,
    accounts,
    publicJwks: () => structuredClone(jwks),
    callback: () => (req, res) => {
      // oidc-provider builds its URLs from originalUrl minus url; embeddedIdentityPlugin sets it,
      // a bare node server mounting this handler does not.
      const request = req as IncomingMessage & { originalUrl?: string };
      request.originalUrl ??= `${mountPath}${req.url ?? '/'}`;
      pinToIssuerOrigin(req, issuerOrigin);
      void handle(req, res);
    },
    issueAccessToken: (subject, { ttlSeconds } = {}) => signAccessToken({ issuer, audience, clientId, signingKey: keys.signingKey }, subject, ttlSeconds),
  };
}
