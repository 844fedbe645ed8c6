import { launcherProcesses, watchLaunchers } from './launcher-watch.js';
import type { Logger } from './logger.js';

/**
 * How long a close may take before the process exits anyway. Supervisors escalate to SIGKILL
 * after their own grace period (Docker and Kubernetes after 10 s and 30 s): exiting first,
 * having written what it could, keeps the exit ours. The margin below 10 s is for the exit
 * itself (releasing a national dataset's memory and chDB). Whatever must survive a kill is written
 * when it is made (the embedded cache is saved when a dataset version goes live), so cutting a
 * close short loses no derived data.
 */
export const SHUTDOWN_GRACE_MS = 8_000;

/**
 * Runs `close` once on SIGINT or SIGTERM, or when a wrapper that launched the process exits (a
 * `kill` of npx or pnpm alone, launcher-watch.ts), then exits; exits anyway after `graceMs`.
 * Further signals while closing are logged and otherwise ignored: Ctrl+C reaches every process
 * of a `pnpm start` chain at once and wrappers relay it again, and an impatient second Ctrl+C
 * must not cut a snapshot write or the lock's release short (the deadline bounds the wait).
 */
export function onShutdown(log: Logger, close: () => Promise<void>, graceMs = SHUTDOWN_GRACE_MS): void {
  let closingSince: number | undefined;
  const handler = (reason: { signal: NodeJS.Signals } | { launcherExited: string }) => {
    if (closingSince !== undefined) {
      const left = Math.max(0, Math.ceil((closingSince + graceMs - Date.now()) / 1000));
      log.info(reason, `already shutting down; exiting within ${left} s`);
      return;
    }
    closingSince = Date.now();
    log.info(reason, 'shutting down');
    setTimeout(() => {
      log.error(`shutdown took longer than ${graceMs / 1000} s; exiting`);
      process.exit(1);
    }, graceMs).unref();
    close().then(
      () => {
        log.info({ seconds: (Date.now() - closingSince!) / 1000 }, 'shut down');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', (signal) => handler({ signal }));
  process.on('SIGTERM', (signal) => handler({ signal }));
  watchLaunchers(launcherProcesses(), (launcher) => handler({ launcherExited: `${launcher.pid} ${launcher.command}` }));
}
