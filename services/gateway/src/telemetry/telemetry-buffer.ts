/**
 * Telemetry on its way to the event log. The gateway keeps serving when Kafka is unreachable
 * or slower than the traffic: events wait here, bounded in count and in bytes, and are sent as
 * the broker takes them. When
 * the buffer is full the oldest DEBUG/INFO log entries make room first and the number dropped is
 * itself logged and published; WARN/ERROR entries and activities are never dropped: when only
 * they fill the buffer, `enqueue` refuses, and the route answers 503 so the browser keeps them
 * and retries. A batch the log refuses as too large is split, and an event refused even alone
 * goes to the dead-letter topic (publish-held.ts), so nothing stays stuck at the head.
 */
import { randomUUID } from 'node:crypto';
import type { EventLog, Logger } from '@ust/platform';
import { Topics, type ActivityEvent, type LogEvent } from '@ust/schemas';
import { Fifo } from './fifo.js';
import { bytesOf, heldEvent, type HeldEvent } from './held-event.js';
import { publishHeld } from './publish-held.js';

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

/**
 * Kafka refuses a partition's record batch over 1 MB (message.max.bytes): one publish call
 * carries at most 768 KB of events, so on a topic with the broker's defaults no share of it
 * comes near the limit.
 */
const MAX_PUBLISH_BYTES = 768 * 1024;

const telemetryTopics: TelemetryTopics = { logs: Topics.telemetryLogs, activities: Topics.telemetryActivities, deadLetter: Topics.telemetryDeadLetter };

export function createTelemetryBuffer(options: TelemetryBufferOptions) {
  const { events, log, capacity, capacityBytes, batchSize = 1000, eventsPerMessage = 100, maxRetryDelayMs = 5000, lingerMs = 0, topics = telemetryTopics } = options;
  // Three queues so that making room is O(1): the oldest droppable entry is the head of one.
  const droppableLogs = new Fifo<HeldEvent>(bytesOf);
  const keptLogs = new Fifo<HeldEvent>(bytesOf);
  const activities = new Fifo<HeldEvent>(bytesOf);
  const queues = [keptLogs, activities, droppableLogs];
  const stats: TelemetryBufferStats = { held: 0, heldBytes: 0, peakHeldBytes: 0, published: 0, dropped: 0, refused: 0, deadLettered: 0, lost: 0, unreachable: false };
  let inFlight = 0;
  let inFlightBytes = 0;
  let droppedSinceReport = 0;
  let failures = 0;
  let flushing: Promise<void> | null = null;
  /** The linger before a publish, or the backoff before a retry. */
  let waitTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const heldCount = () => droppableLogs.length + keptLogs.length + activities.length + inFlight;
  const heldBytes = () => droppableLogs.weight + keptLogs.weight + activities.weight + inFlightBytes;

  const fits = (count: number, bytes: number) => heldCount() + count <= capacity && heldBytes() + bytes <= capacityBytes;

  /** Makes room for `count` events of `bytes` by dropping the oldest droppable ones; false (nothing dropped) if it cannot. */
  function makeRoom(count: number, bytes: number): boolean {
    if (fits(count, bytes)) return true;
    const fitsWithoutDroppable = heldCount() - droppableLogs.length + count <= capacity && heldBytes() - droppableLogs.weight + bytes <= capacityBytes;
    if (!fitsWithoutDroppable) return false;
    while (!fits(count, bytes)) {
      droppableLogs.shift();
      stats.dropped += 1;
      droppedSinceReport += 1;
    }
    return true;
  }

  /** Holds events for which makeRoom made room. */
  function hold(queue: Fifo<HeldEvent>, event: HeldEvent): void {
    queue.push(event);
    stats.peakHeldBytes = Math.max(stats.peakHeldBytes, heldBytes());
  }

  function schedule(delayMs = 0): void {
    if (closed && delayMs > 0) return;
    if (flushing || waitTimer) return;
    if (delayMs > 0) {
      waitTimer = setTimeout(() => {
        waitTimer = null;
        schedule();
      }, delayMs);
      waitTimer.unref();
      return;
    }
    flushing = flush().finally(() => {
      flushing = null;
      if (heldCount() > 0) schedule(stats.unreachable ? Math.min(maxRetryDelayMs, 200 * 2 ** (failures - 1)) : 0);
    });
  }

  /** Publishes a batch from the head of a queue (each queue holds one topic's events); false if the log was unreachable. */
  async function publishFrom(queue: Fifo<HeldEvent>): Promise<boolean> {
    const batch = queue.takeWithin(batchSize, MAX_PUBLISH_BYTES);
    if (batch.length === 0) return true;
    const bytes = batch.reduce((sum, event) => sum + event.bytes, 0);
    inFlight += batch.length;
    inFlightBytes += bytes;
    try {
      const outcome = await publishHeld(batch, { events, deadLetterTopic: topics.deadLetter, eventsPerMessage, log });
      stats.published += outcome.published;
      stats.deadLettered += outcome.deadLettered;
      stats.lost += outcome.lost;
      if (outcome.unsent.length === 0) return true;
      queue.returnToFront(outcome.unsent);
      if (!stats.unreachable) {
        log.warn({ err: outcome.error, held: heldCount(), heldBytes: heldBytes() }, 'event log unreachable: holding telemetry until it is back');
      }
      return false;
    } finally {
      inFlight -= batch.length;
      inFlightBytes -= bytes;
    }
  }

  async function flush(): Promise<void> {
    while (heldCount() - inFlight > 0) {
      for (const queue of queues) {
        if (!(await publishFrom(queue))) {
          // The caller schedules the next attempt with a growing delay.
          stats.unreachable = true;
          failures += 1;
          return;
        }
      }
      if (stats.unreachable) {
        stats.unreachable = false;
        failures = 0;
        log.info({ held: heldCount(), heldBytes: heldBytes(), dropped: droppedSinceReport }, 'event log reachable again: sending held telemetry');
      }
      reportDrops();
    }
  }

  /** Says, in the log stream itself, how many entries were dropped to make room (once there is room for saying it). */
  function reportDrops(): void {
    if (droppedSinceReport === 0) return;
    const dropped = droppedSinceReport;
    const now = new Date().toISOString();
    const event: LogEvent = {
      event_id: randomUUID(), timestamp: now, received_at: now, source: 'gateway', level: 'WARN', category: 'TELEMETRY',
      message: `Dropped ${dropped} DEBUG/INFO log entries to make room in the full telemetry buffer`, context: JSON.stringify({ dropped }),
      user_id: null, session_id: null, url: null, user_agent: null, method: null, endpoint: null, status_code: null, duration_ms: null, request_id: null,
    };
    const report = heldEvent(topics.logs, event);
    if (!makeRoom(1, report.bytes)) return;
    // Entries makeRoom dropped just now go into the next report.
    droppedSinceReport -= dropped;
    log.warn({ dropped }, `dropped ${dropped} DEBUG/INFO telemetry entries to make room in the full telemetry buffer`);
    hold(keptLogs, report);
  }

  return {
    /** Holds log events for sending; false (nothing held) when the buffer cannot make room. */
    enqueueLogs(logs: readonly LogEvent[]): boolean {
      // Plain loops: every API call enqueues its request-log event through here.
      const held: HeldEvent[] = new Array(logs.length);
      let bytes = 0;
      for (let index = 0; index < logs.length; index++) {
        held[index] = heldEvent(topics.logs, logs[index]!);
        bytes += held[index]!.bytes;
      }
      if (!makeRoom(held.length, bytes)) {
        stats.refused += logs.length;
        return false;
      }
      for (let index = 0; index < logs.length; index++) hold(isDroppable(logs[index]!) ? droppableLogs : keptLogs, held[index]!);
      schedule(closed ? 0 : lingerMs);
      return true;
    },

    enqueueActivity(event: ActivityEvent): boolean {
      const held = heldEvent(topics.activities, event);
      if (!makeRoom(1, held.bytes)) {
        stats.refused += 1;
        return false;
      }
      hold(activities, held);
      schedule(closed ? 0 : lingerMs);
      return true;
    },

    stats(): TelemetryBufferStats {
      return { ...stats, held: heldCount(), heldBytes: heldBytes() };
    },

    /**
     * Sends what is held, waiting at most `timeoutMs`; what is still held then is reported as
     * lost, loudly (the process is going away and cannot keep it).
     */
    async close(timeoutMs = 5000): Promise<void> {
      closed = true;
      if (waitTimer) clearTimeout(waitTimer);
      waitTimer = null;
      const deadline = Date.now() + timeoutMs;
      while (heldCount() > 0 && Date.now() < deadline) {
        if (!flushing) schedule();
        await Promise.race([flushing, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
        if (stats.unreachable && heldCount() > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(200, Math.max(0, deadline - Date.now()))));
      }
      if (heldCount() > 0) log.error({ lost: heldCount() }, `telemetry lost at shutdown: ${heldCount()} events could not reach the event log`);
    },
  };
}
