/**
 * Runs the EventLog contract against the in-process log and against a real Kafka broker (the
 * one the integration project's globalSetup resolved), plus what only Kafka has: the producer
 * really is idempotent on the broker, and ping says false when nothing answers.
 */
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../logger.js';
import { findFreePort } from '../testing/free-port.js';
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
    // Short, so a member that vanished without leaving is replaced quickly (DECISIONS 24).
    sessionTimeoutMs: 6000,
  });
}

describeEventLogContract('in-process', async () => createInProcessEventLog({ logger }));
describeEventLogContract('kafka', async () => kafkaLog());

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
      await waitFor(() => 'the message', () => producerIds.length >= 1);
    } finally {
      await consumer.disconnect();
    }
    expect(producerIds).toHaveLength(1);
    expect(BigInt(producerIds[0]!)).toBeGreaterThanOrEqual(0n);
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
