/**
 * One processor per job name (docs/architecture.md section 9): the registry maps every
 * JobName to its processor and start-up fails when one is missing or an unknown name is
 * registered. The workers run every background job of the platform; the gateway only enqueues
 * and reads (docs/decisions/0105-workers-run-every-job.md).
 */
import { JobNames, type JobName } from '@ust/schemas';
import type { Config, Logger, Ports, Processor } from '@ust/platform';
import { importProcessors, type ImportReader } from '@ust/pipelines';
import { createGeocoder, SearchIndex, type Geocoder } from '@ust/read-model';
import { pruneDatasetVersions } from './processors/prune-dataset-versions.js';
import { rebuildDatasetProcessor } from './processors/rebuild-dataset.js';
import type { RebuildRunner } from './dataset/rebuild-thread/rebuild-thread.js';
import { screeningProcessor } from './screenings/screening-job.js';
import { watchAlertsProcessor } from './alerts/watch-alerts-job.js';
import { alertDigestProcessor } from './alerts/digest/digest-job.js';
import { webhookDeliveryProcessor } from './alerts/webhooks/deliver-webhook-job.js';

/** The configuration's defaults, for workers started without one (tests, benches). */
const DEFAULT_DIGEST_INTERVAL_SECONDS = 3_600;
const DEFAULT_ALERT_EMAIL_FROM = 'UST Risk Platform <alerts@ust-risk.invalid>';
const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

export interface WorkerDeps extends Ports {
  log: Logger;
  /** The clock of derived data (tank ages, generated_at); tests fix it. @defaultValue () => new Date() */
  now?: () => Date;
  /**
   * Chooses the geocoder screenings place addresses with (default: the local index in the cache)
   * and the risk model a rebuild scores with (default: DEFAULT_RISK_MODEL).
   */
  config?: Pick<Config, 'GEOCODER_URL' | 'GEOCODER_API_KEY'> &
    Partial<Pick<Config, 'RISK_MODEL' | 'SMTP_URL' | 'ALERT_EMAIL_FROM' | 'ALERT_DIGEST_INTERVAL_SECONDS' | 'WEBHOOK_ALLOW_PRIVATE_NETWORKS' | 'publicUrl'>>;
  /** The geocoder screenings place addresses with (the embedded platform shares the gateway's). @defaultValue from `config` */
  geocoder?: Geocoder;
  /** Runs rebuilds off the event loop where the cache allows (startWorkers makes one). @defaultValue rebuilds run on this thread */
  rebuilds?: RebuildRunner;
  /** Reads and publishes imports off the event loop (startWorkers makes one). @defaultValue imports are read on this thread */
  imports?: ImportReader;
}

/** What a processor may ask of the workers running it. */
export interface WorkerContext {
  /** True once the workers are stopping: a long job saves what it has and yields. */
  stopping: () => boolean;
}

export function buildProcessors(deps: WorkerDeps, context: WorkerContext = { stopping: () => false }): Record<JobName, Processor> {
  const ports: Ports = { store: deps.store, events: deps.events, jobs: deps.jobs, cache: deps.cache };
  const geocoder = deps.geocoder ?? createGeocoder({ cache: deps.cache, config: deps.config ?? {} });
  return {
    [JobNames.pruneDatasetVersions]: deps.rebuilds ? async () => deps.rebuilds!.prune(deps.cache, deps.log) : pruneDatasetVersions(deps.cache),
    [JobNames.rebuildDataset]: rebuildDatasetProcessor(withRiskModel(deps), deps.rebuilds),
    ...importProcessors({ ports, log: deps.log, ...(deps.imports ? { runImport: deps.imports.run } : {}) }),
    [JobNames.screenPortfolio]: screeningProcessor({ ports, log: deps.log, geocoder, searchIndex: new SearchIndex(deps.cache), stopping: context.stopping }),
    [JobNames.evaluateWatchAlerts]: watchAlertsProcessor({
      store: deps.store,
      cache: deps.cache,
      jobs: deps.jobs,
      log: deps.log,
      digestIntervalSeconds: deps.config?.ALERT_DIGEST_INTERVAL_SECONDS ?? DEFAULT_DIGEST_INTERVAL_SECONDS,
      ...(deps.now ? { now: deps.now } : {}),
    }),
    [JobNames.sendAlertDigest]: alertDigestProcessor({
      store: deps.store,
      log: deps.log,
      smtpUrl: deps.config?.SMTP_URL,
      from: deps.config?.ALERT_EMAIL_FROM ?? DEFAULT_ALERT_EMAIL_FROM,
      publicUrl: deps.config?.publicUrl ?? DEFAULT_PUBLIC_URL,
    }),
    [JobNames.deliverWebhook]: webhookDeliveryProcessor({
      store: deps.store,
      log: deps.log,
      allowPrivateNetworks: deps.config?.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? false,
      ...(deps.now ? { now: deps.now } : {}),
    }),
  };
}

/** The workers' deps with the risk model a rebuild scores with: config RISK_MODEL, else the rebuild's default. */
export function withRiskModel(deps: WorkerDeps): WorkerDeps & { riskModel?: string } {
  return deps.config?.RISK_MODEL ? { ...deps, riskModel: deps.config.RISK_MODEL } : deps;
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
