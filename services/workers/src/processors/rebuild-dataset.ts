/**
 * The rebuild-dataset job (JobNames.rebuildDataset): validates the job data and runs the
 * rebuild (dataset/rebuild.ts). The enqueuer picks the job id (ingest: one per committed
 * import), so re-enqueueing the same commit adds nothing.
 */
import { UnrecoverableError, type Processor } from '@ust/platform';
import { rebuildDataset, type RebuildDeps, type RebuildResult } from '../dataset/rebuild.js';
import type { RebuildRunner } from '../dataset/rebuild-thread/rebuild-thread.js';

export interface RebuildDatasetData {
  /** The import whose commit triggered the rebuild. */
  import_id?: string;
}

/** Throws UnrecoverableError (no retry) for data that no retry could fix. */
export function parseRebuildDatasetData(data: unknown): RebuildDatasetData {
  if (data === undefined || data === null) return {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new UnrecoverableError(`rebuild-dataset data must be an object, got ${JSON.stringify(data)}`);
  const importId = (data as Record<string, unknown>)['import_id'];
  if (importId === undefined || importId === null) return {};
  if (typeof importId !== 'string' || importId.trim() === '') {
    throw new UnrecoverableError(`rebuild-dataset import_id must be a non-empty string, got ${JSON.stringify(importId)}`);
  }
  return { import_id: importId };
}

/** `runner` runs the rebuild off this thread where it can (rebuild-thread.ts); without one it runs here. */
export function rebuildDatasetProcessor(deps: RebuildDeps, runner?: RebuildRunner): Processor<unknown, RebuildResult> {
  return async (job) => {
    const data = parseRebuildDatasetData(job.data);
    const request = { importId: data.import_id ?? null, jobId: job.id };
    return runner ? runner.run(deps, request) : rebuildDataset(deps, request);
  };
}
