/** When the embedded adapter tries a failed job again, and after how long, as BullMQ decides it. */
import { UnrecoverableError } from 'bullmq';

/** BullMQ recognises the class or, across module copies, the error's name. */
export function isUnrecoverable(error: unknown): boolean {
  return error instanceof UnrecoverableError || (error instanceof Error && error.name === 'UnrecoverableError');
}

/** A failed try is retried unless its error says retrying cannot help or no attempts are left. */
export function willRetry(error: unknown, attemptsMade: number, attempts: number): boolean {
  return !isUnrecoverable(error) && attemptsMade < attempts;
}

/** The wait before the next try: BullMQ's 'exponential' back-off, doubling after each failed try. */
export function retryDelayMs(backoffMs: number, attemptsMade: number): number {
  return backoffMs * 2 ** (attemptsMade - 1);
}
