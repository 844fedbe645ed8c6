/**
 * `pnpm pipeline ...` (pipelines/src/cli/pipeline-cli.ts). Its entry point is here because, run
 * embedded, a command writes and rebuilds its import on the same backend `pnpm start` runs; and
 * while the platform runs, it calls its admin API with an admin token the embedded provider's
 * keys sign (pipelines does not import identity).
 */
// Not the package's index: that loads the OpenID provider, which a CLI has no use for.
import { signDemoAccountToken } from '@ust/identity/demo-account-token';
import { runPipelineCli } from '@ust/pipelines/cli';
import { loadConfig } from '@ust/platform';
import { startEmbeddedBackend } from './embedded-backend.js';

runPipelineCli({
  async openEmbeddedBackend(config, log) {
    const { ports, close } = await startEmbeddedBackend(config, log, 'pipeline');
    return { events: ports.events, jobs: ports.jobs, store: ports.store, close };
  },
  adminToken: (platform) => signDemoAccountToken(loadConfig(), 'admin', platform),
});
