/**
 * When the telemetry buffer flushes: after a linger, so requests arriving one at a time share a
 * publish; never two flushes at once; after a failed flush, a back-off that grows while the log
 * stays unreachable; and once closing, at once or not at all (no timer may outlive the buffer).
 */

/** The back-off after the first failed flush; it doubles with each failure after that. */
export const FIRST_RETRY_DELAY_MS = 200;

/** The back-off after `failures` failed flushes in a row, at most `maxMs`. */
export function retryDelayMs(failures: number, maxMs: number): number {
  return Math.min(maxMs, FIRST_RETRY_DELAY_MS * 2 ** (failures - 1));
}

export interface FlushSchedulerOptions {
  flush: () => Promise<void>;
  lingerMs: number;
  /** Asked after each flush: the wait before the next one, or null when nothing is left to send. */
  delayAfterFlush: () => number | null;
}

export class FlushScheduler {
  private flushing: Promise<void> | null = null;
  /** The linger before a publish, or the backoff before a retry. */
  private waitTimer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(private readonly options: FlushSchedulerOptions) {}

  /** A flush after the linger; once closing, at once. */
  requestFlush(): void {
    this.schedule(this.closing ? 0 : this.options.lingerMs);
  }

  /** The flush under way, starting one if none is. */
  flushNow(): Promise<void> | null {
    if (!this.flushing) this.schedule();
    return this.flushing;
  }

  /** Cancels a pending linger or back-off; from now on flushes start at once or not at all. */
  close(): void {
    this.closing = true;
    if (this.waitTimer) clearTimeout(this.waitTimer);
    this.waitTimer = null;
  }

  private schedule(delayMs = 0): void {
    if (this.closing && delayMs > 0) return;
    if (this.flushing || this.waitTimer) return;
    if (delayMs > 0) {
      this.waitTimer = setTimeout(() => {
        this.waitTimer = null;
        this.schedule();
      }, delayMs);
      this.waitTimer.unref();
      return;
    }
    this.flushing = this.options.flush().finally(() => {
      this.flushing = null;
      const next = this.options.delayAfterFlush();
      if (next !== null) this.schedule(next);
    });
  }
}
