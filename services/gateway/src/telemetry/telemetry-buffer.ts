/**
 * Telemetry on its way to the event log. The gateway keeps serving when Kafka is unreachable
 * or slower than the traffic: events wait here, bounded in count and in bytes, and are sent as
 * the broker takes them. When
 * the buffer is full the oldest DEBUG/INFO log entries make room first and the number dropped is
 * itself logged and published; WARN/ERROR entries and activities are never dropped: when only
 * they fill the buffer, `enqueue` refuses, and the route answers 503 so the browser keeps them
 * and retries. A batch the log refuses as too large is split, and an event refused even alone
 * goes to the dead-letter topic (publish-held.ts), so nothing stays stuck at the head.
 *
 * The parts: held-telemetry.ts counts and admits, telemetry-publisher.ts sends, drop-report.ts
 * tells the log stream about drops, flush-scheduler.ts decides when a flush starts.
 */
import type { EventLog, Logger } from '@ust/platform';
import { Topics, type ActivityEvent, type LogEvent } from '@ust/schemas';
import { FIRST_RETRY_DELAY_MS, FlushScheduler, retryDelayMs } from './flush-scheduler.js';
import { heldEvent, type HeldEvent } from './held-event.js';
import { HeldTelemetry } from './held-telemetry.js';
import { TelemetryPublisher } from './telemetry-publisher.js';

export interface TelemetryTopics {
  logs: string;
  activities: string;
  /** Where events the log refuses even alone go. */
  deadLetter: string;
}

export interface TelemetryBufferOptions {
  events: EventLog;
  /** The gateway's request logger or any pino logger. */
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Most events held at once. */
  capacity: number;
  /**
   * Most bytes held at once, counted as the events' UTF-8 size when published (held-event.ts),
   * in-flight ones included. The count alone would let large entries take gigabytes.
   */
  capacityBytes: number;
  /** Most events sent per publish call and topic. @defaultValue 1000 */
  batchSize?: number;
  /**
   * Events per message: a message carries a JSON array of events, because kafkajs spends more
   * per message than per byte (ingest reads single events and packets alike). @defaultValue 100
   */
  eventsPerMessage?: number;
  /** Longest wait between attempts while the event log is unreachable. @defaultValue 5000 */
  maxRetryDelayMs?: number;
  /**
   * How long events gather before a publish starts, as Kafka producers linger: requests arriving
   * one at a time then share a publish. @defaultValue 0, publish at once
   */
  lingerMs?: number;
  /** Where the events go; tests use topics of their own. @defaultValue the telemetry topics of `Topics` */
  topics?: TelemetryTopics;
}

export interface TelemetryBufferStats {
  held: number;
  /** Bytes of the events held, as counted against `capacityBytes`. */
  heldBytes: number;
  /** The most bytes ever held at once. */
  peakHeldBytes: number;
  published: number;
  /** DEBUG/INFO entries dropped to make room. */
  dropped: number;
  /** Events refused because only undroppable ones filled the buffer. */
  refused: number;
  /** Events the log refused as too large even alone, sent to the dead-letter topic. */
  deadLettered: number;
  /** Events too large for the dead-letter topic as well, logged as errors and let go. */
  lost: number;
  /** True while the last attempt to publish failed. */
  unreachable: boolean;
}

export type TelemetryBuffer = ReturnType<typeof createTelemetryBuffer>;

const isDroppable = (event: LogEvent) => event.level === 'DEBUG' || event.level === 'INFO';

const telemetryTopics: TelemetryTopics = { logs: Topics.telemetryLogs, activities: Topics.telemetryActivities, deadLetter: Topics.telemetryDeadLetter };

export function createTelemetryBuffer(options: TelemetryBufferOptions) {
  const {
    events,
    log,
    capacity,
    capacityBytes,
    batchSize = 1000,
    eventsPerMessage = 100,
    maxRetryDelayMs = 5000,
    lingerMs = 0,
    topics = telemetryTopics,
  } = options;
  const held = new HeldTelemetry(capacity, capacityBytes);
  const publisher = new TelemetryPublisher(held, { events, log, topics, batchSize, eventsPerMessage });
  const scheduler = new FlushScheduler({
    flush: () => publisher.flush(),
    lingerMs,
    delayAfterFlush: () => (held.count > 0 ? (publisher.unreachable ? retryDelayMs(publisher.failures, maxRetryDelayMs) : 0) : null),
  });
  let refused = 0;

  return {
    /** Holds log events for sending; false (nothing held) when the buffer cannot make room. */
    enqueueLogs(logs: readonly LogEvent[]): boolean {
      // Plain loops: every API call enqueues its request-log event through here.
      const heldLogs: HeldEvent[] = new Array(logs.length);
      let bytes = 0;
      for (let index = 0; index < logs.length; index++) {
        heldLogs[index] = heldEvent(topics.logs, logs[index]!);
        bytes += heldLogs[index]!.bytes;
      }
      if (!held.makeRoom(heldLogs.length, bytes)) {
        refused += logs.length;
        return false;
      }
      for (let index = 0; index < logs.length; index++) held.hold(isDroppable(logs[index]!) ? held.droppableLogs : held.keptLogs, heldLogs[index]!);
      scheduler.requestFlush();
      return true;
    },

    enqueueActivity(event: ActivityEvent): boolean {
      const activity = heldEvent(topics.activities, event);
      if (!held.makeRoom(1, activity.bytes)) {
        refused += 1;
        return false;
      }
      held.hold(held.activities, activity);
      scheduler.requestFlush();
      return true;
    },

    stats(): TelemetryBufferStats {
      return {
        held: held.count,
        heldBytes: held.bytes,
        peakHeldBytes: held.peakBytes,
        published: publisher.published,
        dropped: held.dropped,
        refused,
        deadLettered: publisher.deadLettered,
        lost: publisher.lost,
        unreachable: publisher.unreachable,
      };
    },

    /**
     * Sends what is held, waiting at most `timeoutMs`; what is still held then is reported as
     * lost, loudly (the process is going away and cannot keep it).
     */
    async close(timeoutMs = 5000): Promise<void> {
      scheduler.close();
      const deadline = Date.now() + timeoutMs;
      while (held.count > 0 && Date.now() < deadline) {
        const flushing = scheduler.flushNow();
        await Promise.race([flushing, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
        // While the log is unreachable, retry at the back-off's first step: the deadline leaves no room to grow it.
        if (publisher.unreachable && held.count > 0)
          await new Promise((resolve) => setTimeout(resolve, Math.min(FIRST_RETRY_DELAY_MS, Math.max(0, deadline - Date.now()))));
      }
      if (held.count > 0) log.error({ lost: held.count }, `telemetry lost at shutdown: ${held.count} events could not reach the event log`);
    },
  };
}
