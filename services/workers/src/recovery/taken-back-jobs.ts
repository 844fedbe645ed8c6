/**
 * A job taken back from a worker that died is kept for System Health when it starts again, from
 * either queue adapter: both hand the processor the times the job was taken back.
 */
import type { Logger, Ports, Processor } from '@ust/platform';
import { recordRecovery } from '@ust/read-model';
import type { QueueName } from '@ust/schemas';

/** What a job runs, as System Health names it. */
function subjectOf(name: string, data: unknown): string {
  const fields = (data ?? {}) as Record<string, unknown>;
  const id = fields['import_id'] ?? fields['screening_id'];
  return typeof id === 'string' ? `${name} ${id}` : name;
}

export function recordingTakenBack(deps: Pick<Ports, 'store'> & { log: Logger }, queue: QueueName, processor: Processor): Processor {
  return async (job) => {
    if (job.stalledCount > 0) {
      const subject = subjectOf(job.name, job.data);
      deps.log.warn({ queue, jobId: job.id, name: job.name, stalledCount: job.stalledCount }, `${subject}: taken back after its worker died; it runs again`);
      await recordRecovery(deps.store, {
        kind: 'taken back',
        queue,
        job_id: job.id,
        subject,
        action: `runs again (taken back ${job.stalledCount} time${job.stalledCount === 1 ? '' : 's'})`,
      }).catch((error: unknown) => deps.log.warn({ err: error, jobId: job.id }, 'a recovery could not be kept for System Health'));
    }
    return processor(job);
  };
}
