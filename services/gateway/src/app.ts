/**
 * The gateway as a Fastify plugin (docs/architecture.md section 9): external plugins, then app
 * plugins, then routes. server.ts and the standalone process register it; tests register it
 * and call inject().
 */
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sensible from '@fastify/sensible';
import compress from '@fastify/compress';
import { securityHeaders, windowCounterFor, type Config, type Ports } from '@ust/platform';
import { SCREENING_ROLES, type AuthConfig } from '@ust/schemas';
import type { EmbeddedIdentity } from '@ust/identity';
import { embeddedIdentityPlugin } from '@ust/identity';
import authentication from './auth/authentication.js';
import { localSigningKeys, type SigningKeyResolver } from './auth/signing-keys.js';
import { remoteSigningKeys } from './auth/remote-signing-keys.js';
import { remoteUserinfo, type UserinfoSource } from './auth/identity-claims.js';
import { issuerMetadataSource } from './auth/issuer-metadata.js';
import { createUserDirectory } from './users/user-directory.js';
import userStatePlugin from './users/user-state-plugin.js';
import errorHandler from './plugins/error-handler.js';
import finiteNumbers from './plugins/finite-numbers.js';
import telemetry from './plugins/telemetry.js';
import portsPlugin from './plugins/ports.js';
import openApi from './plugins/openapi.js';
import rateLimits from './plugins/rate-limits.js';
import { documentRouteAccess } from './plugins/route-access.js';
import webApp from './plugins/web-app.js';
import cpuPool from './cpu-pool/cpu-pool-plugin.js';
import { webAppPolicies } from './plugins/content-security-policy.js';
import healthRoutes from './routes/health/index.js';
import runtimeProofRoutes from './routes/runtime-proof/index.js';
import releaseRoutes from './routes/releases/index.js';
import facilityRoutes from './routes/facilities/index.js';
import statisticsRoutes from './routes/facilities-statistics/index.js';
import regionRoutes from './routes/geojson-cached/index.js';
import h3DensityRoutes from './routes/h3-density/index.js';
import mapConfigRoutes from './routes/map-config/index.js';
import riskModelRoutes from './routes/risk-model/index.js';
import authConfigRoutes from './routes/auth-config/index.js';
import logRoutes from './routes/logs/index.js';
import activityRoutes from './routes/log-activity/index.js';
import userProfileRoutes from './routes/user-profile/index.js';
import meRoutes from './routes/me/index.js';
import watchlistRoutes from './routes/watchlists/index.js';
import alertRoutes from './routes/alerts/index.js';
import adminRoutes from './routes/admin/index.js';
import screeningRoutes from './routes/screenings/index.js';
import searchIndexPlugin from './search/search-index-plugin.js';
import geocodeRoutes from './routes/geocode/index.js';
import searchAddressRoutes from './routes/search-address/index.js';
import { geocoderPlugin } from './geocoding/index.js';

export interface AppOptions {
  config: Readonly<Config>;
  ports: Ports;
  /** Built web app to serve; omitted in API-only tests. */
  webRoot?: string;
  /**
   * The embedded OpenID provider to mount and trust (standalone mode). Without it the gateway
   * trusts `config.oidcIssuer` and fetches its keys over HTTP.
   */
  identity?: EmbeddedIdentity;
  /** Overrides where signing keys come from (tests with their own issuer). */
  signingKeys?: SigningKeyResolver;
  /** Bytes per import upload request (tests make it small). @defaultValue 500 MB (docs/decisions/0036-import-uploads.md) */
  importUploadLimitBytes?: number;
  /** The key of the runtime file this process writes once it listens (POST /runtime-proof); none, none written. */
  runtimeProofKey?: string;
}

/**
 * Where signing keys and, for tokens without an e-mail, the user's claims come from: the
 * embedded provider in process, or a remote issuer over HTTP (its discovery document, its JWKS
 * or OIDC_JWKS_URL, its userinfo endpoint).
 */
function issuerSourcesFor(options: AppOptions): { signingKeys: SigningKeyResolver; userinfo?: UserinfoSource } {
  if (options.signingKeys) return { signingKeys: options.signingKeys };
  if (options.identity) return { signingKeys: localSigningKeys(() => options.identity!.publicJwks()) };
  const { config, ports } = options;
  const metadata = issuerMetadataSource(config.oidcIssuer, globalThis.fetch);
  return {
    signingKeys: remoteSigningKeys({ jwksUri: config.OIDC_JWKS_URL ?? metadata }),
    userinfo: remoteUserinfo({ metadata, cache: ports.cache }),
  };
}

/** Prefix of every product route; /health, /ready and /docs stay at the root. */
export const API_PREFIX = '/api';

async function app(fastify: FastifyInstance, options: AppOptions) {
  await fastify.register(sensible);
  // The web app's pages carry their own policy (plugins/web-app.ts); API answers are not pages.
  await fastify.register(securityHeaders);
  await fastify.register(compress, {
    threshold: 1024,
    // API answers are tens of KB at most: compressed in one call, not through a zlib stream on
    // the thread pool, whose setup and hand-offs cost more than the compression at that size.
    syncThreshold: 64 * 1024,
    // Brotli quality 1 and gzip level 3 rather than 4 and 6: a search compresses in a fraction of
    // the time to a slightly larger answer (README, 'Risk, pricing and search', has the sizes).
    // Prebuilt documents come gzipped already.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 3 },
  });

  await fastify.register(errorHandler);
  await fastify.register(finiteNumbers);
  await fastify.register(portsPlugin, { config: options.config, ports: options.ports });
  await fastify.register(cpuPool, { threads: options.config.CPU_POOL_THREADS, queue: options.config.CPU_POOL_QUEUE });
  await fastify.register(geocoderPlugin);
  await fastify.register(searchIndexPlugin);
  const { config, ports } = options;
  // What the gateway trusts is what the web app signs in with (GET /api/auth-config, inlined in its pages).
  const authConfig: AuthConfig = {
    issuer: options.identity?.issuer ?? config.oidcIssuer,
    client_id: config.OIDC_CLIENT_ID,
    audience: options.identity?.audience ?? config.oidcAudience,
  };
  await fastify.register(authentication, {
    issuer: authConfig.issuer,
    audience: authConfig.audience,
    ...issuerSourcesFor(options),
    users: createUserDirectory({ store: ports.store, cache: ports.cache, adminEmails: config.adminEmails }),
  });
  // One counter for the API's and the sign-in form's limits, closed with the gateway.
  const windowCounter = windowCounterFor(ports.cache);
  fastify.addHook('onClose', () => windowCounter.close());
  await fastify.register(rateLimits, {
    counter: windowCounter,
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    anonymousTelemetryPerMinute: config.ANONYMOUS_TELEMETRY_RATE_LIMIT_PER_MINUTE,
  });
  await fastify.register(userStatePlugin);
  await fastify.register(telemetry);
  await fastify.register(openApi);

  await fastify.register(healthRoutes);
  await fastify.register(runtimeProofRoutes, { key: options.runtimeProofKey, identity: { issuer: authConfig.issuer, audience: authConfig.audience } });
  // The sign-in flow is public (discovery, keys, the sign-in page, token exchange).
  if (options.identity) {
    await fastify.register(embeddedIdentityPlugin, {
      identity: options.identity,
      signInLimit: { counter: windowCounter, perMinute: config.SIGN_IN_RATE_LIMIT_PER_MINUTE },
    });
  }

  await fastify.register(
    async (api) => {
      // Before any authentication hook: refused tokens count against their sender's budget too.
      api.addHook('onRequest', fastify.limitApiCalls);
      api.addHook('onResponse', fastify.logRequest);
      // The web app reads how to sign in before anyone is signed in: no token read at all.
      await api.register(async (publicRoutes) => {
        documentRouteAccess(publicRoutes, { token: 'none' });
        await publicRoutes.register(authConfigRoutes, { prefix: '/auth-config', authConfig });
      });
      // Telemetry accepts anonymous calls (docs/decisions/0002-anonymous-telemetry.md);
      // everything else needs a token.
      await api.register(async (telemetryRoutes) => {
        // Their route options refuse a deactivated account, as everywhere but the profile
        // (docs/decisions/0004-deactivated-accounts.md).
        documentRouteAccess(telemetryRoutes, { activeAccount: true });
        await telemetryRoutes.register(logRoutes, { prefix: '/logs' });
        await telemetryRoutes.register(activityRoutes, { prefix: '/log-activity' });
      });

      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', fastify.authenticate);
        documentRouteAccess(signedIn, { token: 'required' });
        // A deactivated user may still load their profile, to learn that they are deactivated.
        await signedIn.register(userProfileRoutes, { prefix: '/user-profile' });

        await signedIn.register(async (active) => {
          active.addHook('onRequest', fastify.requireActive);
          documentRouteAccess(active, { activeAccount: true });
          // Product routes, one plugin per area (routes/<area>/index.ts).
          active.get('/', { schema: { hide: true } }, async () => ({ name: 'UST Risk Platform API', docs: '/docs' }));
          await active.register(facilityRoutes, { prefix: '/facilities' });
          await active.register(statisticsRoutes, { prefix: '/facilities-statistics' });
          await active.register(regionRoutes, { prefix: '/geojson-cached' });
          await active.register(h3DensityRoutes, { prefix: '/h3-density' });
          await active.register(mapConfigRoutes, { prefix: '/map-config' });
          await active.register(riskModelRoutes, { prefix: '/risk-model' });
          await active.register(releaseRoutes, { prefix: '/releases' });
          await active.register(geocodeRoutes, { prefix: '/geocode' });
          await active.register(searchAddressRoutes, { prefix: '/search-address' });
          await active.register(meRoutes, { prefix: '/me' });
          await active.register(watchlistRoutes, { prefix: '/watchlists' });
          await active.register(alertRoutes, { prefix: '/alerts' });
          await active.register(
            async (screeners) => {
              // Portfolio screening: not for the general role (docs/decisions/0034-access-by-role.md),
              // checked on the server.
              screeners.addHook('onRequest', fastify.requireRole(...SCREENING_ROLES));
              documentRouteAccess(screeners, { roles: [...SCREENING_ROLES] });
              await screeners.register(screeningRoutes);
            },
            { prefix: '/screenings' },
          );
          await active.register(
            async (admin) => {
              // Checked on the server for every admin route, whatever the web app shows.
              admin.addHook('onRequest', fastify.requireRole('admin'));
              documentRouteAccess(admin, { roles: ['admin'] });
              await admin.register(adminRoutes, { dataDir: config.dataDir, uploadLimitBytes: options.importUploadLimitBytes });
            },
            { prefix: '/admin' },
          );
        });
      });
    },
    { prefix: API_PREFIX },
  );

  if (options.webRoot) {
    const policies = webAppPolicies({
      publicUrl: config.publicUrl,
      issuer: authConfig.issuer,
      streetsStyleUrl: config.MAP_STREETS_STYLE_URL,
      satelliteTilesUrl: config.MAP_SATELLITE_TILES_URL,
    });
    await fastify.register(webApp, { root: options.webRoot, policies, authConfig, publicUrl: config.publicUrl });
  }
}

/** Not encapsulated, so the instance that registers it sees its decorations (ports, telemetry, users). */
export default fp(app, { name: 'ust-gateway' });
