/**
 * Background job names. Exactly one processor per name is registered by the workers, and
 * start-up fails when one is missing or unknown. Enqueuers (gateway, ingest, CLIs) import the
 * names from here.
 */
export const Queues = {
  maintenance: 'maintenance',
  /** Rebuilds of derived data; one at a time per worker (each reads every facility). */
  dataset: 'dataset',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];

export const JobNames = {
  /** Deletes cache keys of dataset versions older than the live and the previous one. */
  pruneDatasetVersions: 'prune-dataset-versions',
  /**
   * Rebuilds facility summaries, region aggregates and documents, statistics and facility lists
   * under a new dataset version, then switches `dataset:current`. Data: `{ import_id?: string }`
   * (the import that triggered it, recorded with the build). Enqueuers pick the job id.
   */
  rebuildDataset: 'rebuild-dataset',
} as const;
export type JobName = (typeof JobNames)[keyof typeof JobNames];

/** Which queue each job runs on. */
export const JobQueueOf: Record<JobName, QueueName> = {
  [JobNames.pruneDatasetVersions]: Queues.maintenance,
  [JobNames.rebuildDataset]: Queues.dataset,
};
