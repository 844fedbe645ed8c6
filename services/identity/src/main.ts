/**
 * The identity process: the embedded provider on its own (the compose stack's `identity`
 * container, docs/decisions/0006-identity-container.md), with GET /health for the
 * orchestrator. The standalone process mounts the same provider inside the gateway instead.
 */
import path from 'node:path';
import { createLogger, createMemoryCache, keepDataDirPrivate, loadConfig, onShutdown, runMain, writePrivateFile } from '@ust/platform';
import { describeDemoAccounts } from './demo-accounts.js';
import { createEmbeddedIdentity } from './embedded-identity.js';
import { buildIdentityServer } from './identity-server.js';

runMain(async () => {
  const config = loadConfig();
  const log = createLogger('identity', { level: config.LOG_LEVEL });
  await keepDataDirPrivate(config.dataDir);
  const identity = await createEmbeddedIdentity({
    dataDir: config.dataDir,
    issuer: config.oidcIssuer,
    audience: config.oidcAudience,
    clientId: config.OIDC_CLIENT_ID,
    webOrigins: [config.publicUrl],
    log,
  });

  // One identity process holds the provider's sessions, so its sign-in counts can live in it too.
  const server = await buildIdentityServer({ config, identity, cache: createMemoryCache(), logger: log });
  const url = await server.listen({ port: config.PORT, host: config.HOST });

  // `pnpm token` run in this container signs for this issuer
  // (docs/decisions/0021-data-directory-owner.md).
  await writePrivateFile(
    path.join(config.dataDir, 'runtime.json'),
    JSON.stringify({ pid: process.pid, url, issuer: identity.issuer, audience: identity.audience, startedAt: new Date().toISOString() }, null, 2),
  );
  log.info({ issuer: identity.issuer, audience: identity.audience, clientId: config.OIDC_CLIENT_ID, webOrigin: config.publicUrl }, 'identity provider ready');
  log.info(describeDemoAccounts(identity.accounts, { issuer: identity.issuer, production: config.NODE_ENV === 'production', dataDir: config.dataDir }));
  onShutdown(log, () => server.close());
});
