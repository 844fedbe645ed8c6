/**
 * The telemetry buffer on a real Kafka broker: an event its topic refuses even alone goes to the
 * dead-letter topic with the reason while the others go on, and while no broker answers the
 * buffer holds no more than its byte bound. Each test has topics of its own.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { createKafkaEventLog, createLogger, DEAD_LETTER_HEADERS, type ConsumedMessage, type EventLog } from '@ust/platform';
import { findFreePort } from '@ust/platform/testing';
import { MAX_STORED_CONTEXT_BYTES, type LogEvent } from '@ust/schemas';
import { createTelemetryBuffer, type TelemetryBuffer } from './telemetry-buffer.js';
import { clientLogEvent } from './to-events.js';

const MIB = 1024 * 1024;
// kafkajs logs every refused produce request as an error; these tests cause them on purpose.
const silent = createLogger('telemetry-buffer-test', { level: 'silent' });
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

function quietLog() {
  const lines: Array<{ level: string; message: string }> = [];
  const record = (level: string) => (_object: unknown, message?: string) => void lines.push({ level, message: message ?? '' });
  return { lines, log: { info: record('info'), warn: record('warn'), error: record('error') } };
}

/** A browser entry as the route makes it, anonymous, with `chars` CJK characters of context. */
function cjkEntry(level: LogEvent['level'], message: string, chars: number): LogEvent {
  const now = new Date();
  return clientLogEvent(
    { timestamp: now.toISOString(), level, category: 'CJK_PROBE', message, context: { text: '漢字かな交じり文'.repeat(chars / 8) } },
    undefined,
    'test',
    now,
  );
}

/** Every message on `topic` from the beginning, once `done` holds (or fails after 60 s). */
async function readUntil(events: EventLog, topic: string, done: (received: ConsumedMessage[]) => boolean): Promise<ConsumedMessage[]> {
  const received: ConsumedMessage[] = [];
  const subscription = await events.subscribe({
    groupId: unique('reader'),
    topics: [topic],
    fromBeginning: true,
    handleBatch: async (batch) => void received.push(...batch.messages),
  });
  try {
    await subscription.ready;
    await vi.waitFor(() => expect(done(received)).toBe(true), { timeout: 60_000, interval: 50 });
    return received;
  } finally {
    await subscription.close();
  }
}

const eventsIn = (messages: ConsumedMessage[]) => messages.flatMap((message) => JSON.parse(message.value.toString('utf8')) as LogEvent[]);

describe('the telemetry buffer on a real Kafka broker', () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });

  function kafkaLog(brokers: string[]): EventLog {
    const events = createKafkaEventLog({ brokers, clientId: unique('telemetry-buffer-test'), logger: silent, sessionTimeoutMs: 6000 });
    open.push(events);
    return events;
  }

  function buffer(options: Omit<Parameters<typeof createTelemetryBuffer>[0], 'log'>): TelemetryBuffer & { lines: Array<{ level: string; message: string }> } {
    const { lines, log } = quietLog();
    const created = createTelemetryBuffer({ ...options, log });
    open.push({ close: () => created.close(1000) });
    return Object.assign(created, { lines });
  }

  it('dead-letters an event its topic refuses even alone, with the reason, and later events still go through', async () => {
    const events = kafkaLog(inject('kafkaBrokers').split(','));
    const topics = { logs: unique('small-logs'), activities: unique('activities'), deadLetter: unique('dead-letter') };
    await events.ensureTopics([
      { topic: topics.logs, partitions: 3, maxMessageBytes: 8 * 1024 },
      { topic: topics.deadLetter, partitions: 3 },
    ]);
    const telemetry = buffer({ events, capacity: 10_000, capacityBytes: 4 * MIB, topics });

    const small = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => cjkEntry('WARN', `${prefix} ${index}`, 40));
    // Within the context cap, but larger than the topic takes.
    const big = cjkEntry('ERROR', 'refused even alone', 4_000);
    expect(Buffer.byteLength(JSON.stringify(big), 'utf8')).toBeGreaterThan(8 * 1024);
    const first = [...small('before', 30), big, ...small('after', 30)];
    expect(telemetry.enqueueLogs(first)).toBe(true);
    await vi.waitFor(() => expect(telemetry.stats()).toMatchObject({ held: 0, deadLettered: 1 }), { timeout: 60_000, interval: 20 });
    // Nothing is stuck behind it: events sent one at a time afterwards go through too.
    const later = small('later', 20);
    for (const event of later) expect(telemetry.enqueueLogs([event])).toBe(true);
    await vi.waitFor(() => expect(telemetry.stats()).toMatchObject({ held: 0, published: 80 }), { timeout: 60_000, interval: 20 });

    const expected = [...first.filter((event) => event !== big), ...later].map((event) => event.event_id).sort();
    // A refused publish may have been appended in part before its halves were sent again: ids, not rows, count.
    const logs = await readUntil(events, topics.logs, (received) => new Set(eventsIn(received).map((event) => event.event_id)).size >= expected.length);
    expect([...new Set(eventsIn(logs).map((event) => event.event_id))].sort()).toEqual(expected);
    const [dead, ...more] = await readUntil(events, topics.deadLetter, (received) => received.length >= 1);
    expect(more).toEqual([]);
    expect(JSON.parse(dead!.value.toString('utf8'))).toEqual(big);
    expect(dead!.headers[DEAD_LETTER_HEADERS.sourceTopic]).toBe(topics.logs);
    expect(dead!.headers[DEAD_LETTER_HEADERS.reason]).toMatch(new RegExp(`^refused by ${topics.logs} even alone \\(\\d+ bytes\\): MESSAGE_TOO_LARGE: `));
    expect(telemetry.stats()).toMatchObject({ held: 0, heldBytes: 0, published: 80, deadLettered: 1, lost: 0, refused: 0, dropped: 0 });
  });

  it('holds no more than its byte bound while no broker answers: INFO entries make room, then WARN entries are refused', async () => {
    const events = kafkaLog([`127.0.0.1:${await findFreePort()}`]);
    const capacityBytes = MIB;
    const telemetry = buffer({ events, capacity: 100_000, capacityBytes, maxRetryDelayMs: 100 });
    const heldBytes: number[] = [];
    // A turn of the event loop after each, so the buffer's attempts to publish run in between.
    const enqueue = async (event: LogEvent) => {
      const accepted = telemetry.enqueueLogs([event]);
      heldBytes.push(telemetry.stats().heldBytes);
      await new Promise((resolve) => setImmediate(resolve));
      return accepted;
    };

    // Contexts over the cap, stored at the cap: 200 of them are three times the bound.
    for (let index = 0; index < 200; index += 1) expect(await enqueue(cjkEntry('INFO', `info ${index}`, 8_000))).toBe(true);
    let warns = 0;
    while (await enqueue(cjkEntry('WARN', `warn ${warns}`, 8_000))) warns += 1;

    const stats = telemetry.stats();
    expect(Math.max(...heldBytes)).toBeLessThanOrEqual(capacityBytes);
    expect(stats.peakHeldBytes).toBeLessThanOrEqual(capacityBytes);
    // Full: less room left than one more entry takes.
    expect(capacityBytes - stats.heldBytes).toBeLessThan(MAX_STORED_CONTEXT_BYTES + 1024);
    expect(stats).toMatchObject({ published: 0, refused: 1 });
    expect(warns).toBeGreaterThan(0);
    // Every INFO entry not held was dropped to make room; no WARN entry was.
    expect(stats.dropped).toBe(200 - (stats.held - warns));
  });
});
