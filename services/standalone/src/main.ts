/** `pnpm start`: the platform in one process on the embedded adapters (or any configured URL). */
import { createLogger, loadConfig, onShutdown, runMain } from '@ust/platform';
import { startStandalone } from './start-standalone.js';

runMain(async () => {
  const config = loadConfig();
  const log = createLogger('standalone', { level: config.LOG_LEVEL });
  const standalone = await startStandalone({ config, log });
  log.info(`UST Risk Platform is running at ${standalone.url} (API docs at ${standalone.url}/docs)`);
  onShutdown(log, () => standalone.close());
});
