import type { Logger } from './logger.js';

/**
 * Runs `close` once on SIGINT or SIGTERM, then exits. A second signal, or a close that takes
 * longer than `graceMs`, exits at once.
 */
export function onShutdown(log: Logger, close: () => Promise<void>, graceMs = 15_000): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
