/**
 * The identity process: the embedded provider on its own (the compose stack's `identity`
 * container, docs/decisions/0006-identity-container.md), with GET /health for the
 * orchestrator. The standalone process mounts the same provider inside the gateway instead.
 */
import path from 'node:path';
import {
  createLogger,
  createMemoryCache,
  createRedisCache,
  keepDataDirPrivate,
  loadConfig,
  lockDataDir,
  onShutdown,
  runMain,
  writePrivateFile,
  type Cache,
  type Config,
  type Logger,
} from '@ust/platform';
import { describeDemoAccounts } from './demo-accounts.js';
import { createEmbeddedIdentity } from './embedded-identity.js';
import { buildIdentityServer } from './identity-server.js';

interface IdentityCache {
  cache: Cache;
  close(): Promise<void>;
}

/** How often the embedded cache is saved when it changed: a kill loses at most this much of the sign-ins. */
const SAVE_INTERVAL_MS = 10_000;

/**
 * The process's Cache port, chosen as createPorts chooses it (the process needs no other port):
 * Redis when REDIS_URL is set, shared by every replica; otherwise the in-memory cache saved to
 * `DATA_DIR/cache.snapshot`, so sessions and refresh tokens survive a restart. That file belongs
 * to one process, so the process then takes the data directory's lock
 * (docs/decisions/0021-data-directory-owner.md).
 */
async function openIdentityCache(config: Config, log: Logger): Promise<IdentityCache> {
  if (config.REDIS_URL) {
    const cache = createRedisCache({ url: config.REDIS_URL, logger: log });
    return { cache, close: () => cache.close() };
  }
  const lock = await lockDataDir(config.dataDir, 'identity');
  const cache = createMemoryCache({ snapshotFile: path.join(config.dataDir, 'cache.snapshot') });
  // The cache saves itself at a stop, and on its own timer only the changes beside a snapshot
  // much bigger than them (a dataset's, in the platform). Here it holds the provider's state
  // alone, kilobytes: it is saved whole on a timer instead (nothing is written when unchanged).
  const timer = setInterval(() => {
    cache.persist().catch((error: unknown) => log.warn({ err: error }, 'saving the identity cache failed; the next save tries again'));
  }, SAVE_INTERVAL_MS);
  timer.unref();
  return {
    cache,
    async close() {
      clearInterval(timer);
      await cache.close();
      await lock.release();
    },
  };
}

runMain(async () => {
  const config = loadConfig();
  const log = createLogger('identity', { level: config.LOG_LEVEL });
  await keepDataDirPrivate(config.dataDir);
  const { cache, close: closeCache } = await openIdentityCache(config, log);
  log.info({ adapter: cache.adapter, target: cache.target }, `identity state on the ${cache.adapter} cache (${cache.target})`);
  const identity = await createEmbeddedIdentity({
    dataDir: config.dataDir,
    issuer: config.oidcIssuer,
    audience: config.oidcAudience,
    clientId: config.OIDC_CLIENT_ID,
    webOrigins: [config.publicUrl],
    cache,
    log,
  });

  // The sign-in counts live beside the provider's state, so replicas on one Redis count together.
  const server = await buildIdentityServer({ config, identity, cache, logger: log });
  const url = await server.listen({ port: config.PORT, host: config.HOST });

  // `pnpm token` run in this container signs for this issuer
  // (docs/decisions/0021-data-directory-owner.md).
  await writePrivateFile(
    path.join(config.dataDir, 'runtime.json'),
    JSON.stringify({ pid: process.pid, url, issuer: identity.issuer, audience: identity.audience, startedAt: new Date().toISOString() }, null, 2),
  );
  log.info({ issuer: identity.issuer, audience: identity.audience, clientId: config.OIDC_CLIENT_ID, webOrigin: config.publicUrl }, 'identity provider ready');
  log.info(describeDemoAccounts(identity.accounts, { issuer: identity.issuer, production: config.NODE_ENV === 'production', dataDir: config.dataDir }));
  onShutdown(log, async () => {
    await server.close();
    // Writes the embedded cache's changes since its last save (a no-op on Redis).
    await closeCache();
  });
});
