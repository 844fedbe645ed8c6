/**
 * One processor per job name (docs/architecture.md section 9): the registry maps every
 * JobName to its processor and start-up fails when one is missing or an unknown name is
 * registered.
 */
import { JobNames, type JobName } from '@ust/schemas';
import type { Logger, Ports, Processor } from '@ust/platform';
import { pruneDatasetVersions } from './processors/prune-dataset-versions.js';
import { rebuildDatasetProcessor } from './processors/rebuild-dataset.js';

export interface WorkerDeps extends Ports {
  log: Logger;
  /** The clock of derived data (tank ages, generated_at); tests fix it. @defaultValue () => new Date() */
  now?: () => Date;
}

export function buildProcessors(deps: WorkerDeps): Record<JobName, Processor> {
  return {
    [JobNames.pruneDatasetVersions]: pruneDatasetVersions(deps.cache),
    [JobNames.rebuildDataset]: rebuildDatasetProcessor(deps),
  };
}

export class ProcessorRegistryError extends Error {}

/** Throws unless `processors` has exactly one processor for every job name and nothing else. */
export function assertOneProcessorPerJob(processors: Record<string, Processor | undefined>): void {
  const expected = new Set<string>(Object.values(JobNames));
  const missing = [...expected].filter((name) => typeof processors[name] !== 'function');
  const unknown = Object.keys(processors).filter((name) => !expected.has(name));
  if (missing.length || unknown.length) {
    const problems = [
      missing.length ? `no processor for ${missing.join(', ')}` : '',
      unknown.length ? `processors for unknown jobs ${unknown.join(', ')}` : '',
    ].filter(Boolean);
    throw new ProcessorRegistryError(`Job processors do not match the job names: ${problems.join('; ')}`);
  }
}
