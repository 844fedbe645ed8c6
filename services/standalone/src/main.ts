/** `pnpm start`: the platform in one process on the embedded adapters (or any configured URL). */
import { createLogger, loadConfig, onShutdown, runMain } from '@ust/platform';
import { startStandalone } from './start-standalone.js';

runMain(async () => {
  const config = loadConfig();
  const log = createLogger('standalone', { level: config.LOG_LEVEL });
  const standalone = await startStandalone({ config, log });
  // PUBLIC_URL, not the listening address: the issuer and its cookies belong to its host name.
  log.info(`UST Risk Platform is running at ${standalone.config.publicUrl} (API docs at ${standalone.config.publicUrl}/docs)`);
  onShutdown(log, () => standalone.close());
});
