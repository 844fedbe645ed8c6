/**
 * The dead-letters consumer on both event logs, writing the real engine (chDB): what a consumer
 * parks on a dead-letter topic becomes a row with its reason and source, once, even when the
 * batch is delivered again.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createKafkaEventLog,
  createLogger,
  migrationsDirectory,
  sendToDeadLetter,
  sendUnpublishedToDeadLetter,
  type AnalyticsStore,
  type EventLog,
} from '@ust/platform';
import { startConsumer } from '../consumer.js';
import { deadLettersConsumer } from './dead-letters.consumer.js';

const log = createLogger('dead-letters-test', { level: 'silent' });

let store: AnalyticsStore;
beforeAll(async () => {
  store = await createChdbStore({ path: await mkdtemp(path.join(os.tmpdir(), 'ust-dead-letters-')), database: 'dead_letters_test' });
  await applyMigrations(store, migrationsDirectory);
});
afterAll(() => store?.close());

const adapters: Array<[string, () => EventLog]> = [
  ['in-process', () => createInProcessEventLog()],
  ['kafka', () => createKafkaEventLog({ brokers: inject('kafkaBrokers').split(','), clientId: 'dead-letters-test', logger: log, sessionTimeoutMs: 6_000 })],
];

for (const [adapter, makeLog] of adapters) {
  describe(`dead-letters consumer on ${adapter}`, () => {
    it('writes each dead letter once with its topic, source and reason', async () => {
      const events = makeLog();
      const suffix = randomUUID().slice(0, 8);
      const deadLetters = `test.dead-letters.${suffix}`;
      const source = `test.source.${suffix}`;
      try {
        await events.ensureTopics([{ topic: deadLetters }, { topic: source }]);
        const definition = { ...deadLettersConsumer(store, [deadLetters]), groupId: `test.dead-letters.${suffix}` };
        const consumer = await startConsumer(definition, { events, log });
        await consumer.subscription.ready;
        const consumed = { topic: source, partition: 1, offset: '41', key: 'event-1', value: Buffer.from('not json'), headers: {}, timestamp: Date.now() };
        await sendToDeadLetter(events, deadLetters, consumed, 'value is not JSON');
        await sendUnpublishedToDeadLetter(events, deadLetters, source, { key: 'event-2', value: 'x'.repeat(10) }, 'record batch over max.message.bytes');

        const rows = async () =>
          store.query<{ source_topic: string; reason: string; message_key: string }>(
            `SELECT source_topic, reason, message_key FROM dead_letters FINAL WHERE topic = {topic:String} ORDER BY message_key`,
            { topic: deadLetters },
          );
        const deadline = Date.now() + 30_000;
        while ((await rows()).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
        await consumer.subscription.close();
        expect(await rows()).toEqual([
          { source_topic: source, reason: 'value is not JSON', message_key: 'event-1' },
          { source_topic: source, reason: 'record batch over max.message.bytes', message_key: 'event-2' },
        ]);

        // Replayed from the start, the same dead letters add no rows.
        await events.resetOffsets(definition.groupId, deadLetters, 'earliest');
        const replay = await startConsumer(definition, { events, log });
        await replay.subscription.ready;
        const replayDeadline = Date.now() + 30_000;
        while (replay.stats.written < 2 && Date.now() < replayDeadline) await new Promise((resolve) => setTimeout(resolve, 100));
        await replay.subscription.close();
        expect(replay.stats.written).toBe(2);
        expect(await rows()).toHaveLength(2);
      } finally {
        await events.close();
      }
    });
  });
}
