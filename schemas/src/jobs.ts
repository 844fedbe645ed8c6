/**
 * Background job names. Exactly one processor per name is registered by the workers, and
 * start-up fails when one is missing or unknown. Enqueuers (gateway, ingest, CLIs) import the
 * names from here.
 */
export const Queues = {
  maintenance: 'maintenance',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];

export const JobNames = {
  /** Deletes cache keys of dataset versions older than the live and the previous one. */
  pruneDatasetVersions: 'prune-dataset-versions',
} as const;
export type JobName = (typeof JobNames)[keyof typeof JobNames];

/** Which queue each job runs on. */
export const JobQueueOf: Record<JobName, QueueName> = {
  [JobNames.pruneDatasetVersions]: Queues.maintenance,
};
