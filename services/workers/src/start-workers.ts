import { JobQueueOf, Queues, type JobName, type QueueName } from '@ust/schemas';
import { createImportReader } from '@ust/pipelines';
import type { ProcessOptions, Processor, WorkerHandle } from '@ust/platform';
import { createRebuildRunner } from './dataset/rebuild-thread/rebuild-thread.js';
import { rescoreOnModelChange } from './dataset/rescore-on-model-change.js';
import { assertOneProcessorPerJob, buildProcessors, withRiskModel, type WorkerDeps } from './registry.js';
import { recordingTakenBack } from './recovery/taken-back-jobs.js';
import { repairUnfinishedRecords, type RecordRepair } from './recovery/unfinished-records.js';

export interface WorkersHandle {
  queues: QueueName[];
  /** What the start-up check repaired, once it has run. */
  repaired: Promise<RecordRepair[]>;
  /** The rebuild that rescores a live build made with another risk model, or null. */
  rescored: Promise<string | null>;
  /** Asks long jobs to save what they have and yield (a screening resumes at the next start), then waits for the active ones. */
  close(): Promise<void>;
}

/** How each queue is processed; the default is one job at a time per worker. */
const QUEUE_OPTIONS: Partial<Record<QueueName, ProcessOptions>> = {
  // Across every worker of every process: two imports at once would race to go live.
  [Queues.imports]: { concurrency: 1, globalConcurrency: 1 },
};

/** The order queues stop in; every queue is in one stage. */
export const CLOSE_ORDER: ReadonlyArray<readonly QueueName[]> = [[Queues.imports, Queues.screenings], [Queues.dataset], [Queues.maintenance]];

/** Registers every processor on its queue; closing waits for active jobs to finish. */
export async function startWorkers(deps: WorkerDeps): Promise<WorkersHandle> {
  let stopping = false;
  const rebuilds = deps.rebuilds ?? createRebuildRunner();
  const imports = deps.imports ?? createImportReader();
  const processors = buildProcessors({ ...deps, rebuilds, imports }, { stopping: () => stopping });
  assertOneProcessorPerJob(processors);
  const byQueue = new Map<QueueName, Record<string, Processor>>();
  for (const [name, processor] of Object.entries(processors) as Array<[JobName, Processor]>) {
    const queue = JobQueueOf[name];
    byQueue.set(queue, { ...byQueue.get(queue), [name]: recordingTakenBack(deps, queue, processor) });
  }
  const handles = new Map<QueueName, WorkerHandle>();
  for (const [queue, queueProcessors] of byQueue) {
    handles.set(queue, await deps.jobs.process(queue, queueProcessors, QUEUE_OPTIONS[queue]));
    deps.log.info({ queue, jobs: Object.keys(queueProcessors) }, `worker started on queue ${queue}`);
  }
  // In the background: the queues are taking jobs already, and a repair only adds one.
  const repaired = repairUnfinishedRecords({ ports: deps, log: deps.log }).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'the start-up check for unfinished records failed; it runs again at the next start');
    return [];
  });
  const rescored = rescoreOnModelChange(withRiskModel(deps)).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'the start-up check of the risk model failed; it runs again at the next start');
    return null;
  });
  return {
    queues: [...byQueue.keys()],
    repaired,
    rescored,
    async close() {
      stopping = true;
      await Promise.all([repaired, rescored]);
      // An import finishing its run waits for the rebuild it queued: the queues whose jobs wait
      // on others close first, while those others are still processed.
      for (const stage of CLOSE_ORDER) {
        await Promise.all([...handles].filter(([queue]) => stage.includes(queue)).map(([, handle]) => handle.close()));
      }
      if (!deps.rebuilds) await rebuilds.close();
      if (!deps.imports) await imports.close();
    },
  };
}
