/**
 * The consumer shape on both event logs, writing to the real engine (chDB): valid records are
 * written, bad ones dead-lettered with their reason, and a failed write is retried without
 * losing or duplicating a record.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createChdbStore,
  createInProcessEventLog,
  createKafkaEventLog,
  createLogger,
  type AnalyticsStore,
  type ConsumedMessage,
  type EventLog,
} from '@ust/platform';
import { InvalidMessageError, startConsumer } from './consumer.js';

const log = createLogger('ingest-test', { level: 'silent' });

interface Reading {
  id: string;
  value: number;
}

function decodeReading(message: ConsumedMessage): Reading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.value.toString('utf8'));
  } catch {
    throw new InvalidMessageError('value is not JSON');
  }
  const { id, value } = parsed as Partial<Reading>;
  if (typeof id !== 'string' || id === '') throw new InvalidMessageError('id: must be a non-empty string');
  if (typeof value !== 'number') throw new InvalidMessageError('value: must be a number');
  return { id, value };
}

async function until<T>(check: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let store: AnalyticsStore;
beforeAll(async () => {
  store = await createChdbStore({ path: await mkdtemp(path.join(os.tmpdir(), 'ust-ingest-')), database: 'ingest' });
});
afterAll(() => store?.close());

const adapters: Array<[string, () => EventLog]> = [
  ['in-process', () => createInProcessEventLog()],
  ['kafka', () => createKafkaEventLog({ brokers: inject('kafkaBrokers').split(','), clientId: 'ingest-test', logger: log, sessionTimeoutMs: 6_000 })],
];

describe.each(adapters)('a consumer on the %s event log', (_name, makeLog) => {
  it('writes valid records, dead-letters bad ones with the reason, and retries a failed write', async () => {
    const events = makeLog();
    const suffix = randomBytes(4).toString('hex');
    const table = `readings_${suffix}`;
    const topic = `test.readings.${suffix}`;
    const deadLetterTopic = `test.readings.dead-letter.${suffix}`;
    await store.command(`CREATE TABLE ${table} (id String, value Float64) ENGINE = ReplacingMergeTree ORDER BY id`);
    await events.ensureTopics([{ topic }, { topic: deadLetterTopic }]);

    let failuresLeft = 1;
    const consumer = await startConsumer(
      {
        name: 'readings',
        groupId: `readings-${suffix}`,
        topics: [topic],
        deadLetterTopic,
        decode: decodeReading,
        async writeBatch(records) {
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            throw new Error('ClickHouse unavailable');
          }
          await store.insert(table, records);
        },
      },
      { events, log },
    );
    await consumer.subscription.ready;

    const deadLetters: ConsumedMessage[] = [];
    const deadLetterReader = await events.subscribe({
      groupId: `dlq-reader-${suffix}`,
      topics: [deadLetterTopic],
      fromBeginning: true,
      handleBatch: async (batch) => {
        deadLetters.push(...batch.messages);
      },
    });
    await deadLetterReader.ready;

    const good = Array.from({ length: 50 }, (_, i) => ({ key: `r${i}`, value: JSON.stringify({ id: `r${i}`, value: i }) }));
    await events.publish(topic, [...good, { key: 'bad-json', value: '{not json' }, { key: 'no-id', value: JSON.stringify({ value: 3 }) }]);

    const written = await until(
      async () => (await store.query<{ n: number; total: number }>(`SELECT count() AS n, sum(value) AS total FROM ${table} FINAL`))[0],
      (row) => row?.n === 50,
    );
    expect(written).toEqual({ n: 50, total: (49 * 50) / 2 });
    await until(
      async () => deadLetters.length,
      (count) => count === 2,
    );
    expect(deadLetters.map((message) => [message.key, message.headers['dlq-reason'], message.headers['dlq-source-topic']]).sort()).toEqual([
      ['bad-json', 'value is not JSON', topic],
      ['no-id', 'id: must be a non-empty string', topic],
    ]);
    expect(failuresLeft).toBe(0);

    await deadLetterReader.close();
    await consumer.subscription.close();
    await events.close();
  });
});
