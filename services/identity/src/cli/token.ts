/**
 * `pnpm token <role|email>`: prints an access token of the embedded provider for a demo
 * account, and nothing else on stdout, so that `TOKEN=$(pnpm -s token admin)` works. It signs
 * without starting anything, so the platform may be running (demo-account-token.ts).
 */
import { loadConfig, runMain } from '@ust/platform';
import { DemoTokenError, signDemoAccountToken } from '../demo-account-token.js';

/** Exit code for a usage problem the user can fix, as distinct from a crash (1). */
const USAGE = 2;

runMain(async () => {
  try {
    process.stdout.write(`${await signDemoAccountToken(loadConfig(), process.argv[2] ?? '')}\n`);
  } catch (error) {
    if (!(error instanceof DemoTokenError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = USAGE;
  }
});
