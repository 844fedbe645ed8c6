/** Crash recovery with the embedded job queue, kept in DATA_DIR (crash-recovery.scenario.ts). */
import { describe } from 'vitest';
import { describeCrashRecovery } from './crash-recovery.scenario.js';

describe('kill -9 during background work, embedded job queue', () => {
  describeCrashRecovery('in-process', () => ({}));
});
