/**
 * How much the in-process log keeps of a partition: past `retentionBytes`, only what a group
 * reading the topic has not committed yet; never more than `retention` messages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EventLog, Subscription } from '../ports/event-log.js';
import { uniqueName, waitFor } from './event-log.contract.js';
import { createInProcessEventLog } from './in-process-event-log.js';

/** Messages of 300 bytes with a 1-byte key: `m<i>` padded. */
const message = (index: number) => ({ key: 'k', value: `m${index}`.padEnd(300, '.') });
const MESSAGE_BYTES = 301;
const label = (value: Buffer) => value.toString('utf8').replace(/\.+$/, '');

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((item) => item.close()));
});

function smallLog(retentionBytes: number, retention = 1_000): EventLog {
  const log = createInProcessEventLog({ defaultPartitions: 1, retention, retentionBytes });
  open.push(log);
  return log;
}

/** Publishes messages `from`..`to` - 1, one publish each, as a producer sending them one by one. */
async function publishRange(log: EventLog, topic: string, from: number, to: number): Promise<void> {
  for (let index = from; index < to; index++) await log.publish(topic, [message(index)]);
}

/** What a new group reading from the beginning gets: the messages the log still keeps. */
async function kept(log: EventLog, topic: string, expected: number): Promise<string[]> {
  const received: string[] = [];
  const subscription = await log.subscribe({
    groupId: uniqueName('retention-reader'),
    topics: [topic],
    fromBeginning: true,
    handleBatch: async ({ messages }) => void received.push(...messages.map((one) => label(one.value))),
  });
  await subscription.ready;
  await waitFor(
    () => `${expected} messages, got ${received.join(' ')}`,
    () => received.length >= expected,
  );
  await subscription.close();
  return received;
}

describe('the in-process log past its retentionBytes', () => {
  it('drops the oldest messages every group reading the topic has committed', async () => {
    const log = smallLog(3 * MESSAGE_BYTES);
    const topic = uniqueName('retention-consumed');
    const groupId = uniqueName('retention-consumer');
    const consumed: string[] = [];
    const subscription: Subscription = await log.subscribe({
      groupId,
      topics: [topic],
      fromBeginning: true,
      handleBatch: async ({ messages }) => void consumed.push(...messages.map((one) => label(one.value))),
    });
    open.push(subscription);
    await subscription.ready;
    await publishRange(log, topic, 0, 10);
    await waitFor(
      () => `the consumer to commit 10, consumed ${consumed.length}`,
      async () => (await log.committedOffsets(groupId, topic))[0]?.offset === '10',
    );
    // The next message finds ten consumed ones beyond the bound: the oldest go until 3 fit.
    await log.publish(topic, [message(10)]);
    expect(await kept(log, topic, 3)).toEqual(['m8', 'm9', 'm10']);
    expect(consumed.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, index) => `m${index}`));
  });

  it('keeps every message a group has not committed, whatever their bytes', async () => {
    const log = smallLog(3 * MESSAGE_BYTES);
    const topic = uniqueName('retention-unread');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let batches = 0;
    // A slow consumer: its first batch does not finish (so nothing is committed) until released.
    const slow = await log.subscribe({
      groupId: uniqueName('retention-slow'),
      topics: [topic],
      fromBeginning: true,
      handleBatch: async () => {
        batches += 1;
        await held;
      },
    });
    open.push(slow);
    await slow.ready;
    await publishRange(log, topic, 0, 10);
    await waitFor(
      () => "the slow consumer's first batch",
      () => batches >= 1,
    );
    expect(await kept(log, topic, 10)).toEqual(Array.from({ length: 10 }, (_, index) => `m${index}`));
    release();
  });

  it('keeps a topic nobody reads yet up to its message count', async () => {
    const log = smallLog(3 * MESSAGE_BYTES, 8);
    const topic = uniqueName('retention-unread-topic');
    await publishRange(log, topic, 0, 10);
    expect(await kept(log, topic, 8)).toEqual(Array.from({ length: 8 }, (_, index) => `m${index + 2}`));
  });

  it('refuses a retentionBytes that is not positive', () => {
    expect(() => createInProcessEventLog({ retentionBytes: 0 })).toThrow('retentionBytes must be positive, got 0');
  });
});
