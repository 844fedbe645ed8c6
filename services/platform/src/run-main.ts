import { ConfigError } from './config.js';
import { DataDirLockedError } from './data-dir-lock.js';

/**
 * Runs a process entry point. Start-up problems a user can fix (configuration, a data
 * directory in use) print their message alone; anything else prints its stack. Both exit 1.
 */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
