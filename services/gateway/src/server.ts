/**
 * The gateway process: builds its ports from configuration, listens, and closes gracefully on
 * SIGINT/SIGTERM. In one-process mode services/standalone does the same with every service.
 */
import {
  applyMigrations,
  migrationsDirectory,
  createLogger,
  createPorts,
  keepDataDirPrivate,
  loadConfig,
  runMain,
  requireProductionPorts,
  onShutdown,
  workspaceRoot,
} from '@ust/platform';
import path from 'node:path';
import { buildGateway } from './build.js';
import { startEmbeddedIdentity } from './embedded-identity.js';

runMain(async () => {
  const config = loadConfig();
  requireProductionPorts(config, 'the gateway', ['CLICKHOUSE_URL', 'KAFKA_BROKERS', 'REDIS_URL']);
  const log = createLogger('gateway', { level: config.LOG_LEVEL });
  // Its copies of screening results, and uploads unless UPLOADS_DIR is elsewhere, are under DATA_DIR.
  await keepDataDirPrivate(config.dataDir);
  const ports = await createPorts(config, log, 'gateway');
  // Every process may start first; applying is idempotent (IF NOT EXISTS, recorded versions).
  await applyMigrations(ports.store, migrationsDirectory, log, { cluster: config.CLICKHOUSE_CLUSTER });
  // Without OIDC_ISSUER this gateway is its own issuer. Its sessions and refresh tokens are on
  // the Cache port (Redis here), but its signing keys are in DATA_DIR/identity: replicas must
  // share that directory, or one gateway process runs it.
  const identity = config.embeddedIdentity ? await startEmbeddedIdentity(config, ports, log) : undefined;
  const gateway = await buildGateway({
    config,
    ports,
    logger: log,
    identity,
    webRoot: config.WEB_DIST_DIR ?? path.join(workspaceRoot, 'web/dist'),
  });
  await gateway.listen({ port: config.PORT, host: config.HOST });
  onShutdown(log, async () => {
    await gateway.close();
    await ports.close();
  });
});
