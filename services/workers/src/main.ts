/** The workers process: builds its ports, registers every processor, closes on SIGTERM. */
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
import { startWorkers } from './start-workers.js';

runMain(async () => {
  const config = loadConfig();
  requireProductionPorts(config, 'workers', ['CLICKHOUSE_URL', 'KAFKA_BROKERS', 'REDIS_URL']);
  const log = createLogger('workers', { level: config.LOG_LEVEL });
  const ports = await createPorts(config, log, 'workers');
  // Every process may start first; applying is idempotent (IF NOT EXISTS, recorded versions).
  await applyMigrations(ports.store, migrationsDirectory, log);
  const workers = await startWorkers({ ...ports, log, config });
  const heartbeat = startHeartbeat();
  onShutdown(log, async () => {
    heartbeat.stop();
    await workers.close();
    await ports.close();
  });
});
