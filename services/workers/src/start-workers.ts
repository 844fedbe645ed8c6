import { JobQueueOf, type JobName, type QueueName } from '@ust/schemas';
import type { Processor, WorkerHandle } from '@ust/platform';
import { assertOneProcessorPerJob, buildProcessors, type WorkerDeps } from './registry.js';

export interface WorkersHandle {
  queues: QueueName[];
  close(): Promise<void>;
}

/** Registers every processor on its queue; closing waits for active jobs to finish. */
export async function startWorkers(deps: WorkerDeps): Promise<WorkersHandle> {
  const processors = buildProcessors(deps);
  assertOneProcessorPerJob(processors);
  const byQueue = new Map<QueueName, Record<string, Processor>>();
  for (const [name, processor] of Object.entries(processors) as Array<[JobName, Processor]>) {
    const queue = JobQueueOf[name];
    byQueue.set(queue, { ...byQueue.get(queue), [name]: processor });
  }
  const handles: WorkerHandle[] = [];
  for (const [queue, queueProcessors] of byQueue) {
    handles.push(await deps.jobs.process(queue, queueProcessors));
    deps.log.info({ queue, jobs: Object.keys(queueProcessors) }, `worker started on queue ${queue}`);
  }
  return {
    queues: [...byQueue.keys()],
    async close() {
      await Promise.all(handles.map((handle) => handle.close()));
    },
  };
}
