/** Which processor a job goes to, the same way in both adapters. */
import { UnrecoverableError } from 'bullmq';
import type { Processor } from '../ports/job-queue.js';

export function unknownJobError(queue: string, name: string): UnrecoverableError {
  return new UnrecoverableError(`No processor for job "${name}" in queue "${queue}"`);
}

/**
 * The processor registered for the job's name. A name without one fails the job for good:
 * retrying cannot make a processor appear. Only own properties count, so a job named after an
 * Object.prototype member ("constructor") is unknown too.
 */
export function processorFor(processors: Record<string, Processor>, queue: string, name: string): Processor {
  const processor = Object.hasOwn(processors, name) ? processors[name] : undefined;
  if (!processor) throw unknownJobError(queue, name);
  return processor;
}
