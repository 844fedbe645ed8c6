/**
 * Telemetry on its way to the event log. The gateway keeps serving when Kafka is unreachable:
 * events wait here, bounded, and are sent when the broker is back. When the buffer is full the
 * oldest DEBUG/INFO log entries make room first and the number dropped is itself logged and
 * published; WARN/ERROR entries and activities are never dropped: when only they fill the
 * buffer, `enqueue` refuses, and the route answers 503 so the browser keeps them and retries.
 */
import { randomUUID } from 'node:crypto';
import type { EventLog, Logger } from '@ust/platform';
import { Topics, type ActivityEvent, type LogEvent } from '@ust/schemas';
import { Fifo } from './fifo.js';

interface HeldEvent {
  topic: string;
  key: string;
  value: string;
}

export interface TelemetryBufferOptions {
  events: EventLog;
  /** The gateway's request logger or any pino logger. */
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Most events held at once. */
  capacity: number;
  /**
   * Most events sent per publish call and topic: at about 500 bytes per event, 1000 keep a
   * produce request well under Kafka's 1 MB record-batch limit. @defaultValue 1000
   */
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
}

export interface TelemetryBufferStats {
  held: number;
  published: number;
  /** DEBUG/INFO entries dropped to make room. */
  dropped: number;
  /** Events refused because only undroppable ones filled the buffer. */
  refused: number;
  /** True while the last attempt to publish failed. */
  unreachable: boolean;
}

export type TelemetryBuffer = ReturnType<typeof createTelemetryBuffer>;

const isDroppable = (event: LogEvent) => event.level === 'DEBUG' || event.level === 'INFO';

/**
 * Kafka refuses a record batch over 1 MB (message.max.bytes), and a refused batch would be
 * retried forever at the head of the buffer: one publish call carries at most 768 KB of events
 * (a single event is at most the 256 KB body limit), one message at most 256 KB.
 */
const MAX_PUBLISH_BYTES = 768 * 1024;
const MAX_MESSAGE_BYTES = 256 * 1024;

/** JSON arrays of up to `eventsPerMessage` events and MAX_MESSAGE_BYTES each. */
function packIntoMessages(batch: readonly HeldEvent[], eventsPerMessage: number): Array<{ key: string; value: string }> {
  const messages: Array<{ key: string; value: string }> = [];
  let packet: HeldEvent[] = [];
  let bytes = 0;
  const close = () => {
    if (packet.length) messages.push({ key: packet[0]!.key, value: `[${packet.map((event) => event.value).join(',')}]` });
    packet = [];
    bytes = 0;
  };
  for (const event of batch) {
    if (packet.length === eventsPerMessage || (packet.length > 0 && bytes + event.value.length > MAX_MESSAGE_BYTES)) close();
    packet.push(event);
    bytes += event.value.length + 1;
  }
  close();
  return messages;
}

export function createTelemetryBuffer({ events, log, capacity, batchSize = 1000, eventsPerMessage = 100, maxRetryDelayMs = 5000, lingerMs = 0 }: TelemetryBufferOptions) {
  // Three queues so that making room is O(1): the oldest droppable entry is the head of one.
  const droppableLogs = new Fifo<HeldEvent>();
  const keptLogs = new Fifo<HeldEvent>();
  const activities = new Fifo<HeldEvent>();
  const queues = [keptLogs, activities, droppableLogs];
  const stats: TelemetryBufferStats = { held: 0, published: 0, dropped: 0, refused: 0, unreachable: false };
  let inFlight = 0;
  let droppedSinceReport = 0;
  let failures = 0;
  let flushing: Promise<void> | null = null;
  /** The linger before a publish, or the backoff before a retry. */
  let waitTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const heldCount = () => droppableLogs.length + keptLogs.length + activities.length + inFlight;

  /** Makes room for `count` events by dropping the oldest droppable ones; false if it cannot. */
  function makeRoom(count: number): boolean {
    const excess = heldCount() + count - capacity;
    if (excess <= 0) return true;
    if (excess > droppableLogs.length) return false;
    droppableLogs.take(excess);
    stats.dropped += excess;
    droppedSinceReport += excess;
    return true;
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

  async function publishFrom(queue: Fifo<HeldEvent>): Promise<boolean> {
    const batch = queue.takeWithin(batchSize, MAX_PUBLISH_BYTES, (event) => event.value.length);
    if (batch.length === 0) return true;
    inFlight += batch.length;
    try {
      // Each queue holds one topic's events.
      const messages = packIntoMessages(batch, eventsPerMessage);
      await events.publish(batch[0]!.topic, messages);
      stats.published += batch.length;
      return true;
    } catch (error) {
      queue.returnToFront(batch);
      if (!stats.unreachable) {
        log.warn({ err: error, held: heldCount() }, 'event log unreachable: holding telemetry until it is back');
      }
      return false;
    } finally {
      inFlight -= batch.length;
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
        log.info({ held: heldCount(), dropped: droppedSinceReport }, 'event log reachable again: sending held telemetry');
      }
      reportDrops();
    }
  }

  /** Says, in the log stream itself, how many entries were dropped to make room. */
  function reportDrops(): void {
    if (droppedSinceReport === 0) return;
    const dropped = droppedSinceReport;
    droppedSinceReport = 0;
    log.warn({ dropped }, `dropped ${dropped} DEBUG/INFO telemetry entries while the event log was unreachable`);
    const now = new Date().toISOString();
    const event: LogEvent = {
      event_id: randomUUID(), timestamp: now, received_at: now, source: 'gateway', level: 'WARN', category: 'TELEMETRY',
      message: `Dropped ${dropped} DEBUG/INFO log entries while the event log was unreachable`, context: JSON.stringify({ dropped }),
      user_id: null, session_id: null, url: null, user_agent: null, method: null, endpoint: null, status_code: null, duration_ms: null, request_id: null,
    };
    keptLogs.push({ topic: Topics.telemetryLogs, key: event.event_id, value: JSON.stringify(event) });
  }

  return {
    /** Holds log events for sending; false (nothing held) when the buffer cannot make room. */
    enqueueLogs(logs: readonly LogEvent[]): boolean {
      if (!makeRoom(logs.length)) {
        stats.refused += logs.length;
        return false;
      }
      for (const event of logs) {
        (isDroppable(event) ? droppableLogs : keptLogs).push({ topic: Topics.telemetryLogs, key: event.event_id, value: JSON.stringify(event) });
      }
      schedule(closed ? 0 : lingerMs);
      return true;
    },

    enqueueActivity(event: ActivityEvent): boolean {
      if (!makeRoom(1)) {
        stats.refused += 1;
        return false;
      }
      activities.push({ topic: Topics.telemetryActivities, key: event.event_id, value: JSON.stringify(event) });
      schedule(closed ? 0 : lingerMs);
      return true;
    },

    stats(): TelemetryBufferStats {
      return { ...stats, held: heldCount() };
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
