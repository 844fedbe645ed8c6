/**
 * A process that stops the way the platform does (shutdown.test.ts): it prints the wrappers it
 * watches, then `closed` from its close once a signal or a wrapper's exit stops it.
 */
import { launcherProcesses } from './launcher-watch.js';
import { createLogger } from './logger.js';
import { onShutdown } from './shutdown.js';

onShutdown(createLogger('shutdown-child', { level: 'info' }), async () => {
  process.stdout.write('closed\n');
});
process.stdout.write(`launchers ${JSON.stringify(launcherProcesses().map((launcher) => launcher.pid))}\n`);
// Runs until stopped.
setInterval(() => undefined, 60_000);
