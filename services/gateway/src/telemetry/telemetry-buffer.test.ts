import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessEventLog, DEAD_LETTER_HEADERS, type ConsumedMessage, type EventLog } from '@ust/platform';
import { Topics, type LogEvent } from '@ust/schemas';
import { heldEvent } from './held-event.js';
import { createTelemetryBuffer } from './telemetry-buffer.js';

const MIB = 1024 * 1024;

function logEvent(level: LogEvent['level'], message: string, context = ''): LogEvent {
  const now = new Date().toISOString();
  return {
    event_id: randomUUID(),
    timestamp: now,
    received_at: now,
    source: 'client',
    level,
    category: 'TEST',
    message,
    context,
    user_id: null,
    session_id: null,
    url: null,
    user_agent: null,
    method: null,
    endpoint: null,
    status_code: null,
    duration_ms: null,
    request_id: null,
  };
}

/** The real in-process log behind a switch that makes publish fail, as an unreachable broker does. */
function switchableLog(): EventLog & { down: boolean } {
  const log = createInProcessEventLog();
  const wrapper = Object.create(log) as EventLog & { down: boolean };
  wrapper.down = false;
  wrapper.publish = async (topic, messages) => {
    if (wrapper.down) throw new Error('KafkaJSConnectionError: Connection error: connect ECONNREFUSED');
    return log.publish(topic, messages);
  };
  return wrapper;
}

/**
 * Every event published to the logs topic so far, unpacked from its messages: read from the
 * beginning until `expected` events have arrived (or 10 s have passed, and the assertions say
 * what is missing), so a busy machine only makes it slower.
 */
async function published(
  events: EventLog,
  groupId: string,
  expected: number,
  topic: string = Topics.telemetryLogs,
): Promise<{ messages: number; events: LogEvent[] }> {
  const received: LogEvent[] = [];
  let messages = 0;
  const subscription = await events.subscribe({
    groupId,
    topics: [topic],
    fromBeginning: true,
    handleBatch: async (batch) => {
      for (const message of batch.messages) {
        messages += 1;
        received.push(...(JSON.parse(message.value.toString('utf8')) as LogEvent[]));
      }
    },
  });
  await subscription.ready;
  await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(expected), { timeout: 10_000, interval: 20 }).catch(() => undefined);
  await subscription.close();
  return { messages, events: received };
}

/** The messages on a topic from its beginning, once `expected` have arrived (or 10 s have passed). */
async function messagesOn(events: EventLog, topic: string, expected: number): Promise<ConsumedMessage[]> {
  const received: ConsumedMessage[] = [];
  const subscription = await events.subscribe({
    groupId: `read-${randomUUID()}`,
    topics: [topic],
    fromBeginning: true,
    handleBatch: async (batch) => void received.push(...batch.messages),
  });
  await subscription.ready;
  await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(expected), { timeout: 10_000, interval: 20 }).catch(() => undefined);
  await subscription.close();
  return received;
}

const quietLog = () => {
  const lines: Array<{ level: string; message: string }> = [];
  const record = (level: string) => (object: unknown, message?: string) => void lines.push({ level, message: message ?? String(object) });
  return { lines, log: { info: record('info'), warn: record('warn'), error: record('error') } as never };
};

describe('the telemetry buffer', () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((item) => item.close()));
  });

  it('packs events into messages of at most 100', async () => {
    const events = createInProcessEventLog();
    open.push(events);
    const buffer = createTelemetryBuffer({ events, log: quietLog().log, capacity: 10_000, capacityBytes: MIB });
    const sent = Array.from({ length: 250 }, (_, index) => logEvent('INFO', `entry ${index}`));
    expect(buffer.enqueueLogs(sent)).toBe(true);
    await buffer.close();
    const { messages, events: received } = await published(events, 'pack-test', 250);
    expect(messages).toBe(3);
    expect(received.map((event) => event.message).sort()).toEqual(sent.map((event) => event.message).sort());
    expect(buffer.stats()).toMatchObject({ held: 0, published: 250, dropped: 0, refused: 0 });
  });

  it('gathers events that arrive one at a time within the linger into one publish, and publishes them without a close', async () => {
    const events = createInProcessEventLog();
    open.push(events);
    const lingering = createTelemetryBuffer({ events, log: quietLog().log, capacity: 10_000, capacityBytes: MIB, lingerMs: 250 });
    const sent = Array.from({ length: 5 }, (_, index) => logEvent('INFO', `request ${index}`));
    // Each event in a turn of the event loop of its own, as requests end.
    for (const event of sent) {
      lingering.enqueueLogs([event]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(lingering.stats().published).toBe(0);
    await vi.waitFor(() => expect(lingering.stats()).toMatchObject({ held: 0, published: 5 }), { timeout: 10_000, interval: 20 });
    const { messages, events: received } = await published(events, 'linger-test', 5);
    expect(messages).toBe(1);
    expect(received.map((event) => event.message)).toEqual(sent.map((event) => event.message));

    // Without a linger each event goes at once, in a message of its own.
    const prompt = createTelemetryBuffer({ events, log: quietLog().log, capacity: 10_000, capacityBytes: MIB });
    for (const [index, event] of sent.entries()) {
      prompt.enqueueLogs([event]);
      await vi.waitFor(() => expect(prompt.stats().published).toBe(index + 1), { timeout: 10_000, interval: 1 });
    }
    expect((await published(events, 'no-linger-test', 5 + 5)).messages).toBe(1 + 5);
  });

  it('holds events while the log is unreachable, drops the oldest INFO first, refuses rather than drop a WARN, and reports the drops', async () => {
    const events = switchableLog();
    open.push(events);
    const { lines, log } = quietLog();
    const buffer = createTelemetryBuffer({ events, log, capacity: 12, capacityBytes: MIB, maxRetryDelayMs: 50 });
    events.down = true;
    expect(buffer.enqueueLogs(Array.from({ length: 10 }, (_, index) => logEvent('INFO', `info ${index}`)))).toBe(true);
    await vi.waitFor(() => expect(buffer.stats().unreachable).toBe(true), { timeout: 10_000, interval: 5 });
    expect(buffer.enqueueLogs(Array.from({ length: 5 }, (_, index) => logEvent('ERROR', `error ${index}`)))).toBe(true);
    expect(buffer.stats()).toMatchObject({ held: 12, dropped: 3 });
    // Only 7 INFO entries could still make room: 8 ERROR entries are refused, none dropped.
    expect(buffer.enqueueLogs(Array.from({ length: 8 }, (_, index) => logEvent('ERROR', `late ${index}`)))).toBe(false);
    expect(buffer.stats()).toMatchObject({ held: 12, dropped: 3, refused: 8 });

    events.down = false;
    await buffer.close(5_000);
    const { events: received } = await published(events, 'outage-test', 7 + 5 + 1);
    const messages = received.map((event) => event.message);
    expect(messages.filter((message) => message.startsWith('info')).sort()).toEqual(['info 3', 'info 4', 'info 5', 'info 6', 'info 7', 'info 8', 'info 9']);
    expect(messages.filter((message) => message.startsWith('error'))).toHaveLength(5);
    expect(received.find((event) => event.category === 'TELEMETRY')).toMatchObject({
      level: 'WARN',
      message: 'Dropped 3 DEBUG/INFO log entries to make room in the full telemetry buffer',
    });
    expect(lines.some((line) => line.level === 'warn' && /event log unreachable/.test(line.message))).toBe(true);
  });

  it('says how many events it could not deliver when it closes while the log is down', async () => {
    const events = switchableLog();
    open.push(events);
    const { lines, log } = quietLog();
    const buffer = createTelemetryBuffer({ events, log, capacity: 100, capacityBytes: MIB, maxRetryDelayMs: 20 });
    events.down = true;
    buffer.enqueueLogs([logEvent('WARN', 'a'), logEvent('ERROR', 'b')]);
    await buffer.close(300);
    expect(lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual([
      'telemetry lost at shutdown: 2 events could not reach the event log',
    ]);
  });

  it("measures batches in UTF-8 bytes: CJK entries that a count of characters would pack past Kafka's 1 MB limit all go through", async () => {
    // The in-process log refuses a partition's batch over 1 MB, as Kafka does.
    const events = createInProcessEventLog();
    open.push(events);
    const buffer = createTelemetryBuffer({ events, log: quietLog().log, capacity: 10_000, capacityBytes: 64 * MIB });
    // 5,000 characters, 15,000 bytes of UTF-8 each.
    const sent = Array.from({ length: 300 }, (_, index) => logEvent('WARN', `cjk ${index}`, JSON.stringify({ text: '漢'.repeat(5_000) })));
    expect(buffer.enqueueLogs(sent)).toBe(true);
    await buffer.close(10_000);
    const { events: received } = await published(events, 'cjk-test', 300);
    expect(new Set(received.map((event) => event.event_id)).size).toBe(300);
    expect(buffer.stats()).toMatchObject({ held: 0, heldBytes: 0, published: 300, deadLettered: 0, refused: 0 });
  });

  it('holds at most capacityBytes of UTF-8: the oldest INFO entries make room, then a WARN that does not fit is refused', async () => {
    const events = switchableLog();
    open.push(events);
    events.down = true;
    const capacityBytes = 256 * 1024;
    const buffer = createTelemetryBuffer({ events, log: quietLog().log, capacity: 100_000, capacityBytes, maxRetryDelayMs: 50 });
    // 4,000 characters: 12,000 bytes of UTF-8, which a count of characters takes for 4,000.
    const cjk = JSON.stringify({ text: '漢'.repeat(4_000) });
    const info = Array.from({ length: 40 }, (_, index) => logEvent('INFO', `info ${String(index).padStart(2, '0')}`, cjk));
    for (const event of info) {
      expect(buffer.enqueueLogs([event])).toBe(true);
      expect(buffer.stats().heldBytes).toBeLessThanOrEqual(capacityBytes);
    }
    const infoBytes = heldEvent(Topics.telemetryLogs, info[0]!).bytes;
    const fitting = Math.floor(capacityBytes / infoBytes);
    expect(buffer.stats()).toMatchObject({ held: fitting, heldBytes: fitting * infoBytes, dropped: 40 - fitting, refused: 0 });

    const warns: LogEvent[] = [];
    for (let index = 0; ; index += 1) {
      const warn = logEvent('WARN', `warn ${String(index).padStart(2, '0')}`, cjk);
      if (!buffer.enqueueLogs([warn])) break;
      warns.push(warn);
      expect(buffer.stats().heldBytes).toBeLessThanOrEqual(capacityBytes);
    }
    const warnBytes = heldEvent(Topics.telemetryLogs, warns[0]!).bytes;
    // Every INFO entry made room; the WARN entries fill the buffer up to one more than fits.
    expect(buffer.stats()).toMatchObject({ held: warns.length, heldBytes: warns.length * warnBytes, dropped: 40, refused: 1 });
    expect(capacityBytes - buffer.stats().heldBytes).toBeLessThan(warnBytes);
    expect(buffer.stats().peakHeldBytes).toBeLessThanOrEqual(capacityBytes);

    events.down = false;
    await buffer.close(10_000);
    const { events: received } = await published(events, 'bytes-test', warns.length + 1);
    expect(received.filter((event) => event.level === 'WARN' && event.category === 'TEST').map((event) => event.message)).toEqual(
      warns.map((event) => event.message),
    );
    expect(received.find((event) => event.category === 'TELEMETRY')?.message).toBe(
      'Dropped 40 DEBUG/INFO log entries to make room in the full telemetry buffer',
    );
  });

  it('splits a batch the log refuses as too large, dead-letters the event refused even alone with the reason, and sends the rest', async () => {
    const events = createInProcessEventLog();
    open.push(events);
    const topics = { logs: `small-logs-${randomUUID()}`, activities: `activities-${randomUUID()}`, deadLetter: `dead-letter-${randomUUID()}` };
    await events.ensureTopics([{ topic: topics.logs, partitions: 3, maxMessageBytes: 8 * 1024 }]);
    const { lines, log } = quietLog();
    const buffer = createTelemetryBuffer({ events, log, capacity: 10_000, capacityBytes: MIB, topics });
    const small = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => logEvent('WARN', `${prefix} ${index}`));
    const big = logEvent('ERROR', 'too big for the topic', JSON.stringify({ text: 'x'.repeat(12_000) }));
    const first = [...small('before', 20), big, ...small('after', 20)];
    // One publish of all 41: refused, then halves until each part fits, the big event alone.
    expect(buffer.enqueueLogs(first)).toBe(true);
    await vi.waitFor(() => expect(buffer.stats()).toMatchObject({ held: 0, published: 40, deadLettered: 1 }), { timeout: 10_000, interval: 5 });
    expect(buffer.enqueueLogs(small('later', 10))).toBe(true);
    await buffer.close(10_000);

    const { events: received } = await published(events, 'split-test', 50, topics.logs);
    expect(new Set(received.map((event) => event.message))).toEqual(
      new Set([...first.filter((event) => event !== big), ...small('later', 10)].map((event) => event.message)),
    );
    const [dead, ...more] = await messagesOn(events, topics.deadLetter, 1);
    expect(more).toEqual([]);
    expect(JSON.parse(dead!.value.toString('utf8'))).toEqual(big);
    expect(dead!.key).toBe(big.event_id);
    expect(dead!.headers[DEAD_LETTER_HEADERS.sourceTopic]).toBe(topics.logs);
    expect(dead!.headers[DEAD_LETTER_HEADERS.reason]).toMatch(
      new RegExp(
        `^refused by ${topics.logs} even alone \\(\\d+ bytes\\): partition \\d's record batch is \\d+ bytes, over the topic's max\\.message\\.bytes of 8192$`,
      ),
    );
    expect(buffer.stats()).toMatchObject({ held: 0, published: 50, deadLettered: 1, lost: 0, refused: 0 });
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([
      'telemetry event dead-lettered: the event log refused it as too large',
    ]);
  });
});
