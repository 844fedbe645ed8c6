/**
 * The rebuild-dataset job (JobNames.rebuildDataset): validates the job data and runs the
 * rebuild (dataset/rebuild.ts). The enqueuer picks the job id (ingest: one per committed
 * import), so re-enqueueing the same commit adds nothing.
 */
import { UnrecoverableError, type Processor } from '@ust/platform';
import { rebuildDataset, type RebuildDeps, type RebuildResult } from '../dataset/rebuild.js';

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

export function rebuildDatasetProcessor(deps: RebuildDeps): Processor<unknown, RebuildResult> {
  return async (job) => {
    const data = parseRebuildDatasetData(job.data);
    return rebuildDataset(deps, { importId: data.import_id ?? null, jobId: job.id });
  };
}
