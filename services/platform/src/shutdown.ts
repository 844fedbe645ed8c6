import type { Logger } from './logger.js';

/**
 * Runs `close` once on SIGINT or SIGTERM, then exits. A close that takes longer than `graceMs`,
 * or a second signal more than a second after the first, exits at once. (Ctrl+C under a
 * wrapper such as tsx or pnpm delivers the same signal twice at once: the terminal's and the
 * wrapper's relay. That pair must not cut the graceful close short.)
 */
export function onShutdown(log: Logger, close: () => Promise<void>, graceMs = 15_000): void {
  let closingSince: number | undefined;
  const handler = (signal: NodeJS.Signals) => {
    if (closingSince !== undefined) {
      if (Date.now() - closingSince > 1_000) process.exit(1);
      return;
    }
    closingSince = Date.now();
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
