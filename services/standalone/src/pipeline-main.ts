/**
 * `pnpm pipeline ...` (pipelines/src/cli/pipeline-cli.ts). Its entry point is here because, run
 * embedded, a command writes and rebuilds its import on the same backend `pnpm start` runs.
 */
import { runPipelineCli } from '@ust/pipelines/cli';
import { startEmbeddedBackend } from './embedded-backend.js';

runPipelineCli({
  async openEmbeddedBackend(config, log) {
    const { ports, close } = await startEmbeddedBackend(config, log, 'pipeline');
    return { events: ports.events, jobs: ports.jobs, store: ports.store, close };
  },
});
