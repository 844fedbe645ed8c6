/**
 * The embedded OpenID provider (DESIGN.md section 6) for local use and demos: oidc-provider
 * with the demo accounts, keys kept under `DATA_DIR/identity/`, and an in-memory store
 * (sessions and refresh tokens do not survive a restart; signing keys and accounts do).
 */
import type { JsonWebKey } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@ust/platform';
import Provider from 'oidc-provider';
import { signAccessToken, type AccessTokenSubject } from './access-token.js';
import type { DemoAccount } from './demo-accounts.js';
import { publicJwkOf } from './identity-keys.js';
import { loadIdentityFiles } from './identity-files.js';
import { interactionRoutes } from './interactions.js';
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
   * Whether X-Forwarded-Proto/-Host/-For are believed (TRUST_PROXY set): behind a
   * TLS-terminating proxy they decide whether cookies are Secure; from a client they are lies.
   * @defaultValue false
   */
  trustProxy?: boolean;
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

export async function createEmbeddedIdentity(options: EmbeddedIdentityOptions): Promise<EmbeddedIdentity> {
  const { dataDir, issuer, audience, clientId, log } = options;
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');
  const webOrigins = options.webOrigins.map((origin) => new URL(origin).origin);
  const { keys, accounts } = await loadIdentityFiles(dataDir);

  const provider = new Provider(issuer, providerConfiguration({ mountPath, audience, clientId, webOrigins, accounts, keys }));
  provider.proxy = options.trustProxy ?? false;
  provider.use(interactionRoutes({ provider, mountPath, webOrigins, accounts, log }));
  provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'identity provider error'));

  const handle = provider.callback();
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
      void handle(req, res);
    },
    issueAccessToken: (subject, { ttlSeconds } = {}) => signAccessToken({ issuer, audience, clientId, signingKey: keys.signingKey }, subject, ttlSeconds),
  };
}
