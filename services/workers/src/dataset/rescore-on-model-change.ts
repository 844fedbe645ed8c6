/**
 * A live build scored with another model than RISK_MODEL is rescored when the workers start
 * (docs/decisions/0043-risk-model-on-real-records.md): one rebuild, whichever worker enqueues it first, while
 * the old build keeps serving scores that name their model.
 */
import { DEFAULT_RISK_MODEL } from '@ust/domain';
import type { Cache, JobQueue, Logger } from '@ust/platform';
import { readDatasetMeta, riskModelOfBuild } from '@ust/read-model';
import { JobNames, JobQueueOf } from '@ust/schemas';

export interface RescoreDeps {
  cache: Cache;
  jobs: JobQueue;
  log: Logger;
  /** The model rebuilds score with (config RISK_MODEL). @defaultValue DEFAULT_RISK_MODEL */
  riskModel?: string;
}

/** The id of the rebuild that rescores the live build, or null when it already uses the model. */
export async function rescoreOnModelChange({ cache, jobs, log, riskModel = DEFAULT_RISK_MODEL.version }: RescoreDeps): Promise<string | null> {
  const meta = await readDatasetMeta(cache);
  if (!meta || riskModelOfBuild(meta) === riskModel) return null;
  // One id per live version and model: workers starting together add one job.
  const { id, added } = await jobs.enqueue(
    JobQueueOf[JobNames.rebuildDataset],
    JobNames.rebuildDataset,
    {},
    { jobId: `rescore-v${meta.dataset_version}-${riskModel}` },
  );
  if (added)
    log.info(
      { version: meta.dataset_version, from: riskModelOfBuild(meta), to: riskModel, job: id },
      `the live build's scores come from ${riskModelOfBuild(meta)}, RISK_MODEL is ${riskModel}: rescoring every facility`,
    );
  return id;
}
