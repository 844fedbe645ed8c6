/** The ingest process: consumes the dataset and telemetry topics into ClickHouse. */
import {
  applyMigrations,
  migrationsDirectory,
  createLogger,
  createPorts,
  loadConfig,
  runMain,
  requireProductionPorts,
  onShutdown,
  startHeartbeat,
} from '@ust/platform';
import { startIngest } from './start-ingest.js';

runMain(async () => {
  const config = loadConfig();
  requireProductionPorts(config, 'ingest', ['CLICKHOUSE_URL', 'KAFKA_BROKERS', 'REDIS_URL']);
  const log = createLogger('ingest', { level: config.LOG_LEVEL });
  const ports = await createPorts(config, log, 'ingest');
  // Every process may start first; applying is idempotent (IF NOT EXISTS, recorded versions).
  await applyMigrations(ports.store, migrationsDirectory, log);
  const ingest = await startIngest({ ...ports, log, telemetryTtlDays: config.TELEMETRY_TTL_DAYS });
  const heartbeat = startHeartbeat();
  onShutdown(log, async () => {
    heartbeat.stop();
    await ingest.close();
    await ports.close();
  });
});
