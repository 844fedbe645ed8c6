/**
 * Background job names. Exactly one processor per name is registered by the workers, and
 * start-up fails when one is missing or unknown. Enqueuers (gateway, ingest, CLIs) import the
 * names from here; only the workers process them (docs/decisions/0105-workers-run-every-job.md).
 */
export const Queues = {
  maintenance: 'maintenance',
  /** Rebuilds of derived data; one at a time per worker (each reads every facility). */
  dataset: 'dataset',
  /** Imports and replays, one at a time across every worker: two imports at once would race to go live. */
  imports: 'imports',
  /** Portfolio screenings; each resumes after its last saved row when its worker stops. */
  screenings: 'screenings',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];

export const JobNames = {
  /** Deletes cache keys of dataset versions older than the live and the previous one. */
  pruneDatasetVersions: 'prune-dataset-versions',
  /**
   * Rebuilds all derived data under a new dataset version (docs/data-model.md, and
   * docs/geocoding.md for the geocoder index): facility summaries with their risk scores
   * (ClickHouse), the dashboard statistics, the state and county region documents with and
   * without geometry, the H3 density documents, the facility lists per county and state, the
   * proximity-search indexes and the local geocoder index. Then it switches `dataset:current` to
   * the new version, unless a newer one went live meanwhile (readers see the old version or the
   * new one, never a half-built one), enqueues prune-dataset-versions, drops facility summaries
   * older than the two latest versions and records the build in `dataset_builds`. Data:
   * `{ import_id?: string }` (the import that triggered it, recorded with the build; other data
   * fails without retry). Enqueuers pick the job id (ingest: one per import commit), so
   * re-enqueueing the same commit adds nothing.
   */
  rebuildDataset: 'rebuild-dataset',
  /**
   * Runs a new import of its run record's plan, follows it to live and records each step in the
   * run record. Data: `{ import_id: string }`; no run record under the id fails without retry.
   */
  runImport: 'run-import',
  /** Runs a recorded import again under its id and version. Data: `{ import_id: string }`. */
  replayImport: 'replay-import',
  /** Re-publishes every committed import in version order. Data: `{}`; its job id names its replay record. */
  replayAll: 'replay-all',
  /**
   * Screens the rows of a saved screening not screened yet. Data: `{ screening_id: string }`; no
   * screening under the id fails without retry.
   */
  screenPortfolio: 'screen-portfolio',
  /**
   * Compares every watched item between a new live dataset version and the one before it and
   * records an alert per item, change and version (docs/decisions/0120-watch-alerts.md). Data:
   * `{ version: number, base_version: number }`; its job id `alerts-v{version}`, so a version is
   * evaluated once however often it is enqueued.
   */
  evaluateWatchAlerts: 'evaluate-watch-alerts',
  /**
   * E-mails one user the alerts created since their last digest (docs/decisions/0121-alert-digests.md).
   * Data: `{ owner_id: string }`; enqueued by the alert evaluation for users with e-mail
   * notifications on, delayed to the end of the current digest window and named after it, so a
   * user gets at most one digest per window.
   */
  sendAlertDigest: 'send-alert-digest',
  /**
   * POSTs one user's alerts of one version to one of their webhooks, signed
   * (docs/decisions/0122-webhooks.md). Data: `{ owner_id, webhook_id, version }`; job id
   * `webhook-{webhook_id}-v{version}`; tried with back-off for about a day, then given up and
   * listed as dead in the delivery log.
   */
  deliverWebhook: 'deliver-webhook',
} as const;
export type JobName = (typeof JobNames)[keyof typeof JobNames];

/** Which queue each job runs on. */
export const JobQueueOf: Record<JobName, QueueName> = {
  [JobNames.pruneDatasetVersions]: Queues.maintenance,
  [JobNames.rebuildDataset]: Queues.dataset,
  [JobNames.runImport]: Queues.imports,
  [JobNames.replayImport]: Queues.imports,
  [JobNames.replayAll]: Queues.imports,
  [JobNames.screenPortfolio]: Queues.screenings,
  [JobNames.evaluateWatchAlerts]: Queues.maintenance,
  [JobNames.sendAlertDigest]: Queues.maintenance,
  [JobNames.deliverWebhook]: Queues.maintenance,
};

export interface DeliverWebhookData {
  owner_id: string;
  webhook_id: string;
  version: number;
}

export interface EvaluateWatchAlertsData {
  version: number;
  base_version: number;
}

export interface SendAlertDigestData {
  owner_id: string;
}

/** One evaluation per version: a rebuild enqueued twice, or taken back after a crash, adds nothing. */
export const watchAlertsJobId = (version: number): string => `alerts-v${version}`;

/** The rebuild after one commit of an import: ingest enqueues it under this id, and an import job taken up after a crash enqueues the same one. */
export const rebuildJobId = (importId: string, committedAt: string | undefined): string => `rebuild-after-${importId}-${committedAt}`;
