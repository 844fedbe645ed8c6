/** `pnpm start`: the platform in one process on the embedded adapters (or any configured URL). */
import { createLogger, keepDataDirPrivate, loadConfig, onShutdown, runMain } from '@ust/platform';
import { startStandalone } from './start-standalone.js';

runMain(async () => {
  const config = loadConfig();
  const log = createLogger('standalone', { level: config.LOG_LEVEL });
  await keepDataDirPrivate(config.dataDir);
  const starting = startStandalone({ config, log });
  // Listening before the start completes: a stop arriving while it starts (a supervisor, or the
  // moment after the port opens) closes what was started instead of killing the process.
  onShutdown(log, async () => {
    const standalone = await starting.catch(() => undefined);
    await standalone?.close();
  });
  const standalone = await starting;
  // PUBLIC_URL, not the listening address: the issuer and its cookies belong to its host name.
  log.info(`UST Risk Platform is running at ${standalone.config.publicUrl} on Node ${process.version} (API docs at ${standalone.config.publicUrl}/docs)`);
});
