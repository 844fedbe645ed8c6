/**
 * `pnpm pipeline ...` (pipelines/src/cli/pipeline-cli.ts). Its entry point is here, with the
 * rest of the platform in one process: run embedded, a command rebuilds the derived data with
 * the workers' processors in this process.
 */
import { runPipelineCli } from '@ust/pipelines/cli';
import { startWorkers } from '@ust/workers';

runPipelineCli({ startWorkers });
