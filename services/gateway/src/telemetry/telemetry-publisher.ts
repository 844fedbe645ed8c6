/**
 * Sends held telemetry to the event log, queue by queue and batch by batch (publish-held.ts splits
 * and dead-letters within a batch), and keeps whether the log is reachable: a batch it could not
 * send goes back to the front of its queue and ends the flush.
 */
import type { EventLog, Logger } from '@ust/platform';
import { reportDrops } from './drop-report.js';
import type { Fifo } from './fifo.js';
import type { HeldEvent } from './held-event.js';
import type { HeldTelemetry } from './held-telemetry.js';
import { publishHeld } from './publish-held.js';

/**
 * Kafka refuses a partition's record batch over 1 MB (message.max.bytes): one publish call
 * carries at most 768 KB of events, so on a topic with the broker's defaults no share of it
 * comes near the limit.
 */
const MAX_PUBLISH_BYTES = 768 * 1024;

export interface TelemetryPublisherOptions {
  events: EventLog;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  topics: { logs: string; deadLetter: string };
  /** Most events sent per publish call and topic. */
  batchSize: number;
  /** Events per message. */
  eventsPerMessage: number;
}

export class TelemetryPublisher {
  /** True while the last attempt to publish failed. */
  unreachable = false;
  /** Failed attempts in a row, for the back-off before the next. */
  failures = 0;
  published = 0;
  deadLettered = 0;
  lost = 0;

  constructor(
    private readonly held: HeldTelemetry,
    private readonly options: TelemetryPublisherOptions,
  ) {}

  /** Sends until nothing is waiting, or stops at the first batch the log could not take. */
  async flush(): Promise<void> {
    const { held, options } = this;
    while (held.waiting > 0) {
      for (const queue of held.queues) {
        if (!(await this.publishFrom(queue))) {
          // The flush scheduler sets the next attempt after a growing delay.
          this.unreachable = true;
          this.failures += 1;
          return;
        }
      }
      if (this.unreachable) {
        this.unreachable = false;
        this.failures = 0;
        options.log.info({ held: held.count, heldBytes: held.bytes, dropped: held.droppedSinceReport }, 'event log reachable again: sending held telemetry');
      }
      reportDrops(held, options.topics.logs, options.log);
    }
  }

  /** Publishes a batch from the head of a queue; false if the log was unreachable. */
  private async publishFrom(queue: Fifo<HeldEvent>): Promise<boolean> {
    const { held, options } = this;
    const batch = queue.takeWithin(options.batchSize, MAX_PUBLISH_BYTES);
    if (batch.length === 0) return true;
    const bytes = held.startFlight(batch);
    try {
      const outcome = await publishHeld(batch, {
        events: options.events,
        deadLetterTopic: options.topics.deadLetter,
        eventsPerMessage: options.eventsPerMessage,
        log: options.log,
      });
      this.published += outcome.published;
      this.deadLettered += outcome.deadLettered;
      this.lost += outcome.lost;
      if (outcome.unsent.length === 0) return true;
      queue.returnToFront(outcome.unsent);
      if (!this.unreachable) {
        options.log.warn({ err: outcome.error, held: held.count, heldBytes: held.bytes }, 'event log unreachable: holding telemetry until it is back');
      }
      return false;
    } finally {
      held.endFlight(batch.length, bytes);
    }
  }
}
