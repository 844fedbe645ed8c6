/**
 * Runs the EventLog contract against the in-process log and against a real Kafka broker (the
 * one the integration project's globalSetup resolved), plus what only Kafka has: the producer
 * really is idempotent on the broker, and ping says false when nothing answers.
 */
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../logger.js';
import { findFreePort } from '../net/free-port.js';
import { describeEventLogContract, uniqueName, waitFor } from './event-log.contract.js';
import { createInProcessEventLog } from './in-process-event-log.js';
import { createKafkaEventLog } from './kafka-event-log.js';

// Failed batches are expected in the contract (it makes handlers throw); keep the output for real problems.
const logger = createLogger('event-log-test', { level: process.env.LOG_LEVEL ?? 'error' });
const brokers = () => inject('kafkaBrokers').split(',');

function kafkaLog() {
  return createKafkaEventLog({
    brokers: brokers(),
    clientId: uniqueName('event-log-test'),
    logger,
    // Short, so a member that vanished without leaving is replaced quickly
    // (docs/decisions/0024-kafka-version.md).
    sessionTimeoutMs: 6000,
  });
}

describeEventLogContract('in-process', async () => createInProcessEventLog({ logger }));
describeEventLogContract('kafka', async () => kafkaLog());

describe('in-process adapter', () => {
  it('keeps only the newest `retention` messages of a partition, and a new group starts at the oldest kept', async () => {
    const log = createInProcessEventLog({ defaultPartitions: 1, retention: 5 });
    try {
      const topic = uniqueName('in-process-retention');
      await log.publish(
        topic,
        Array.from({ length: 8 }, (_, i) => ({ key: 'facility-1', value: `m${i}` })),
      );
      const received: string[] = [];
      const offsets: string[] = [];
      const subscription = await log.subscribe({
        groupId: uniqueName('in-process-retention-group'),
        topics: [topic],
        fromBeginning: true,
        handleBatch: async ({ messages }) => {
          received.push(...messages.map((message) => message.value.toString()));
          offsets.push(...messages.map((message) => message.offset));
        },
      });
      await subscription.ready;
      await waitFor(
        () => '5 messages',
        () => received.length >= 5,
      );
      expect(received).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
      expect(offsets).toEqual(['3', '4', '5', '6', '7']);
    } finally {
      await log.close();
    }
  });

  it('never calls a handler inside publish()', async () => {
    const log = createInProcessEventLog();
    try {
      const topic = uniqueName('in-process-async');
      let calls = 0;
      const subscription = await log.subscribe({
        groupId: uniqueName('in-process-async-group'),
        topics: [topic],
        handleBatch: async () => void (calls += 1),
      });
      await subscription.ready;
      const publishing = log.publish(topic, [{ key: 'facility-1', value: 'v' }]);
      expect(calls).toBe(0);
      await publishing;
      expect(calls).toBe(0);
      await waitFor(
        () => 'the delivery',
        () => calls === 1,
      );
    } finally {
      await log.close();
    }
  });
});

describe('Kafka adapter on a real broker', () => {
  const log = kafkaLog();
  afterAll(() => log.close());

  it('publishes through an idempotent producer (the broker stamps a producer id on the batch)', async () => {
    const topic = uniqueName('kafka-idempotent');
    await log.ensureTopics([{ topic, partitions: 1 }]);
    await log.publish(topic, [{ key: 'facility-1', value: 'once' }]);
    // A plain kafkajs consumer sees the record batch as the broker stored it; a producer that
    // is not idempotent writes producerId -1.
    const consumer = new Kafka({ clientId: 'idempotence-check', brokers: brokers(), logLevel: logLevel.NOTHING }).consumer({
      groupId: uniqueName('kafka-idempotent-check'),
      sessionTimeout: 6000,
    });
    const producerIds: string[] = [];
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const context = (message as unknown as { batchContext: { producerId: { toString(): string } } }).batchContext;
          producerIds.push(context.producerId.toString());
        },
      });
      await waitFor(
        () => 'the message',
        () => producerIds.length >= 1,
      );
    } finally {
      await consumer.disconnect();
    }
    expect(producerIds).toHaveLength(1);
    expect(BigInt(producerIds[0]!)).toBeGreaterThanOrEqual(0n);
  });

  it('hands the messages of a consumer that stopped heartbeating (a crash) to another member after the session timeout', async () => {
    // Its own client with a silent logger: the stuck member's late commit is refused, as it should be.
    const crashing = createKafkaEventLog({
      brokers: brokers(),
      clientId: uniqueName('event-log-test-crash'),
      logger: createLogger('event-log-test', { level: 'silent' }),
      sessionTimeoutMs: 6000,
    });
    const topic = uniqueName('kafka-crash');
    const groupId = uniqueName('kafka-crash-group');
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const taken: string[] = [];
    try {
      await crashing.ensureTopics([{ topic, partitions: 3 }]);
      // The first member takes a batch and never finishes it: no heartbeat, no commit.
      const first = await crashing.subscribe({ groupId, topics: [topic], fromBeginning: true, handleBatch: () => stuck });
      await first.ready;
      const messages = Array.from({ length: 10 }, (_, i) => ({ key: `facility-${i}`, value: `m${i}` }));
      await crashing.publish(topic, messages);
      const second = await crashing.subscribe({
        groupId,
        topics: [topic],
        fromBeginning: true,
        handleBatch: async (batch) => void taken.push(...batch.messages.map((message) => message.value.toString())),
      });
      await second.ready;
      await waitFor(
        () => `10 messages on the surviving member, got ${taken.length}`,
        () => taken.length >= 10,
      );
      expect([...taken].sort()).toEqual(messages.map(({ value }) => value).sort());
    } finally {
      release();
      await crashing.close();
    }
  });

  it('answers ping true for the broker and false where nothing listens', async () => {
    expect(await log.ping()).toBe(true);
    const nowhere = createKafkaEventLog({
      brokers: [`127.0.0.1:${await findFreePort()}`],
      clientId: uniqueName('event-log-test-nowhere'),
      logger: createLogger('event-log-test', { level: 'silent' }),
      pingTimeoutMs: 1000,
    });
    try {
      expect(await nowhere.ping()).toBe(false);
    } finally {
      await nowhere.close();
    }
  });
});
