/**
 * The EventLog contract: the same assertions for every adapter, so that the in-process log
 * and Kafka cannot drift apart. Every test makes its own topics and groups, and waits for what
 * it expects by polling (capped at 30 s) instead of sleeping.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConsumedMessage, EventLog, MessageBatch, OutgoingMessage, SubscribeOptions, Subscription } from '../ports/event-log.js';
import { consumerLag } from './consumer-lag.js';
import { DEAD_LETTER_HEADERS, sendToDeadLetter, sendUnpublishedToDeadLetter } from './dead-letter.js';
import { MessageTooLargeError } from './event-log-rules.js';
import { partitionForKey } from './partition-for-key.js';
import { recordBatchBytes } from './record-batch-size.js';

const WAIT_CAP_MS = 30_000;

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** Polls `done` until it holds; fails after `timeoutMs` with `what()` describing the state. */
export async function waitFor(what: () => string, done: () => boolean | Promise<boolean>, timeoutMs = WAIT_CAP_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Gave up after ${timeoutMs} ms waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const text = (message: ConsumedMessage) => message.value.toString('utf8');
const sorted = (values: string[]) => [...values].sort();
const checksum = (values: string[]) => createHash('sha256').update(sorted(values).join('\n')).digest('hex');

/** `perKey` messages for each key, interleaved (k0:0, k1:0, ..., k0:1, ...), values `key:seq`. */
function numbered(keys: string[], perKey: number, tag = ''): OutgoingMessage[] {
  const messages: OutgoingMessage[] = [];
  for (let seq = 0; seq < perKey; seq += 1) {
    for (const key of keys) messages.push({ key, value: `${key}:${seq}${tag}` });
  }
  return messages;
}

const keysNamed = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

function committedSum(offsets: Array<{ offset: string }>): number {
  return offsets.reduce((sum, { offset }) => sum + Math.max(0, Number(offset)), 0);
}

export function describeEventLogContract(adapterName: string, makeLog: () => Promise<EventLog>): void {
  describe(`EventLog contract: ${adapterName}`, () => {
    let log: EventLog;
    const opened: Subscription[] = [];
    const logsOpened: EventLog[] = [];

    beforeAll(async () => {
      log = await makeLog();
    });
    afterEach(async () => {
      await Promise.allSettled(opened.splice(0).map((subscription) => subscription.close()));
      await Promise.allSettled(logsOpened.splice(0).map((other) => other.close()));
    });
    afterAll(async () => {
      await log?.close();
    });

    /** Subscribes, records every handled message, and waits until the consumer is ready. */
    async function consume(options: Omit<SubscribeOptions, 'handleBatch'> & { handleBatch?: SubscribeOptions['handleBatch'] }, on: EventLog = log) {
      const received: ConsumedMessage[] = [];
      const batches: MessageBatch[] = [];
      const subscription = await on.subscribe({
        ...options,
        handleBatch:
          options.handleBatch ??
          (async (batch) => {
            batches.push(batch);
            received.push(...batch.messages);
          }),
      });
      opened.push(subscription);
      await subscription.ready;
      return { subscription, received, batches, values: () => received.map(text) };
    }

    async function topicWithPartitions(prefix: string): Promise<string> {
      const topic = uniqueName(prefix);
      await log.ensureTopics([{ topic, partitions: 3 }]);
      return topic;
    }

    it('names its adapter and answers ping', async () => {
      expect(log.adapter).toBe(adapterName);
      expect(log.target).not.toBe('');
      expect(await log.ping()).toBe(true);
    });

    it('ensureTopics creates missing topics and leaves existing ones as they are', async () => {
      const topic = uniqueName('contract-ensure');
      const other = uniqueName('contract-ensure-default');
      const group = uniqueName('contract-ensure-group');
      await log.ensureTopics([{ topic, partitions: 2 }]);
      await log.ensureTopics([{ topic, partitions: 5 }, { topic: other }]);
      await log.ensureTopics([{ topic, partitions: 2 }]);
      expect(await log.committedOffsets(group, topic)).toEqual([
        { partition: 0, offset: '-1' },
        { partition: 1, offset: '-1' },
      ]);
      expect((await log.committedOffsets(group, other)).map(({ partition }) => partition)).toEqual([0, 1, 2]);
      await expect(log.ensureTopics([{ topic: 'not a valid/topic' }])).rejects.toThrow(/Invalid topic name/);
    });

    it('delivers key, value, headers, partition by key and increasing offsets', async () => {
      const topic = await topicWithPartitions('contract-roundtrip');
      const consumer = await consume({ groupId: uniqueName('contract-roundtrip-group'), topics: [topic] });
      const binary = Buffer.from([0, 1, 2, 253, 254, 255]);
      await log.publish(topic, [
        { key: 'facility-1', value: '{"n":1}', headers: { 'import-id': 'imp-1', version: '7' } },
        { key: 'facility-2', value: binary },
        { key: 'facility-1', value: '{"n":2}' },
      ]);
      await waitFor(
        () => `3 messages, got ${consumer.received.length}`,
        () => consumer.received.length >= 3,
      );
      expect(consumer.received).toHaveLength(3);
      const first = consumer.received.filter((message) => message.key === 'facility-1');
      expect(first.map(text)).toEqual(['{"n":1}', '{"n":2}']);
      expect(first[0]!.headers).toEqual({ 'import-id': 'imp-1', version: '7' });
      expect(first[1]!.headers).toEqual({});
      expect(BigInt(first[1]!.offset)).toBeGreaterThan(BigInt(first[0]!.offset));
      const second = consumer.received.find((message) => message.key === 'facility-2')!;
      expect(Buffer.compare(second.value, binary)).toBe(0);
      for (const message of consumer.received) {
        expect(message.topic).toBe(topic);
        expect(message.partition).toBe(partitionForKey(message.key!, 3));
        expect(message.offset).toMatch(/^\d+$/);
        expect(Number.isInteger(message.timestamp) && message.timestamp > 0).toBe(true);
      }
    });

    it('keeps per-key order across many messages, batches and partitions', async () => {
      const topic = await topicWithPartitions('contract-order');
      const keys = keysNamed('facility', 12);
      const messages = numbered(keys, 40);
      for (let start = 0; start < messages.length; start += 80) await log.publish(topic, messages.slice(start, start + 80));
      const consumer = await consume({ groupId: uniqueName('contract-order-group'), topics: [topic], fromBeginning: true, maxBatchSize: 7 });
      await waitFor(
        () => `${messages.length} messages, got ${consumer.received.length}`,
        () => consumer.received.length >= messages.length,
      );
      expect(consumer.received).toHaveLength(messages.length);
      for (const key of keys) {
        const ofKey = consumer.received.filter((message) => message.key === key);
        expect(ofKey.map(text)).toEqual(Array.from({ length: 40 }, (_, seq) => `${key}:${seq}`));
        expect(new Set(ofKey.map((message) => message.partition))).toEqual(new Set([partitionForKey(key, 3)]));
      }
      expect(new Set(consumer.received.map((message) => message.partition))).toEqual(new Set(keys.map((key) => partitionForKey(key, 3))));
      for (const batch of consumer.batches) {
        expect(batch.messages.length).toBeGreaterThan(0);
        expect(batch.messages.length).toBeLessThanOrEqual(7);
        expect(batch.messages.every((message) => message.partition === batch.partition && message.topic === batch.topic)).toBe(true);
      }
    });

    it('shares partitions between the members of a group, each message handled once, and rebalances when one leaves', async () => {
      const topic = await topicWithPartitions('contract-members');
      const groupId = uniqueName('contract-members-group');
      const keys = keysNamed('tank', 30);
      expect(new Set(keys.map((key) => partitionForKey(key, 3))).size).toBe(3);
      const a = await consume({ groupId, topics: [topic], fromBeginning: true });
      const b = await consume({ groupId, topics: [topic], fromBeginning: true });
      const first = numbered(keys, 10);
      await log.publish(topic, first);
      const total = () => a.received.length + b.received.length;
      await waitFor(
        () => `${first.length} messages, got ${total()}`,
        () => total() >= first.length,
      );
      expect(sorted([...a.values(), ...b.values()])).toEqual(sorted(first.map(({ value }) => String(value))));
      const partitionsOf = (received: ConsumedMessage[]) => new Set(received.map((message) => message.partition));
      expect(partitionsOf(a.received).size).toBeGreaterThan(0);
      expect(partitionsOf(b.received).size).toBeGreaterThan(0);
      expect([...partitionsOf(a.received)].filter((partition) => partitionsOf(b.received).has(partition))).toEqual([]);

      await b.subscription.close();
      const handledByA = a.received.length;
      const second = numbered(keys, 2, '-after');
      await log.publish(topic, second);
      await waitFor(
        () => `A to take over B's partitions, got ${a.received.length - handledByA}`,
        () => a.received.length - handledByA >= second.length,
      );
      expect(sorted(a.values().slice(handledByA))).toEqual(sorted(second.map(({ value }) => String(value))));
      expect(partitionsOf(a.received.slice(handledByA))).toEqual(new Set([0, 1, 2]));
    });

    it('gives every message to each of two groups', async () => {
      const topic = await topicWithPartitions('contract-groups');
      const one = await consume({ groupId: uniqueName('contract-groups-one'), topics: [topic], fromBeginning: true });
      const two = await consume({ groupId: uniqueName('contract-groups-two'), topics: [topic], fromBeginning: true });
      const messages = numbered(keysNamed('release', 10), 5);
      await log.publish(topic, messages);
      await waitFor(
        () => `50 messages in each group, got ${one.received.length} and ${two.received.length}`,
        () => one.received.length >= 50 && two.received.length >= 50,
      );
      const expected = sorted(messages.map(({ value }) => String(value)));
      expect(sorted(one.values())).toEqual(expected);
      expect(sorted(two.values())).toEqual(expected);
    });

    it('commits after each batch: a new consumer of the group resumes after the last committed message', async () => {
      const topic = await topicWithPartitions('contract-resume');
      const groupId = uniqueName('contract-resume-group');
      const keys = keysNamed('facility', 8);
      const before = numbered(keys, 5, '-before');
      await log.publish(topic, before);
      const first = await consume({ groupId, topics: [topic], fromBeginning: true });
      await waitFor(
        () => `40 messages, got ${first.received.length}`,
        () => first.received.length >= before.length,
      );
      await first.subscription.close();

      const after = numbered(keys, 5, '-after');
      await log.publish(topic, after);
      const second = await consume({ groupId, topics: [topic], fromBeginning: true });
      // Offsets are handed out in order per partition, so a redelivered earlier message would
      // arrive before the new ones it precedes: once all new ones are in, none of them came.
      await waitFor(
        () => `40 new messages, got ${second.received.length}`,
        () => second.received.length >= after.length,
      );
      expect(sorted(second.values())).toEqual(sorted(after.map(({ value }) => String(value))));
      await waitFor(
        () => 'committed offsets to cover all 80 messages',
        async () => committedSum(await log.committedOffsets(groupId, topic)) === before.length + after.length,
      );
    });

    it('redelivers a batch whose handler threw, commits nothing for it, and loses nothing', async () => {
      const topic = await topicWithPartitions('contract-retry');
      const groupId = uniqueName('contract-retry-group');
      const messages = numbered(keysNamed('tank', 6), 5);
      await log.publish(topic, messages);
      const deliveries: Array<{ batch: MessageBatch; failed: boolean }> = [];
      const handled: ConsumedMessage[] = [];
      let calls = 0;
      await consume({
        groupId,
        topics: [topic],
        fromBeginning: true,
        handleBatch: async (batch) => {
          calls += 1;
          const failed = calls <= 2;
          deliveries.push({ batch, failed });
          if (failed) throw new Error(`simulated failure ${calls}`);
          handled.push(...batch.messages);
        },
      });
      await waitFor(
        () => `30 handled messages, got ${handled.length}`,
        () => handled.length >= messages.length,
      );
      expect(sorted(handled.map(text))).toEqual(sorted(messages.map(({ value }) => String(value))));
      const failures = deliveries.filter(({ failed }) => failed);
      expect(failures).toHaveLength(2);
      for (const { batch } of failures) {
        // Delivered again from the same first offset, and every message of it handled later.
        const again = deliveries.filter(({ batch: later }) => later !== batch && later.partition === batch.partition);
        expect(again.some(({ batch: later }) => later.messages[0]!.offset === batch.messages[0]!.offset)).toBe(true);
        for (const message of batch.messages) {
          const same = (other: ConsumedMessage) => other.partition === message.partition && other.offset === message.offset && text(other) === text(message);
          expect(handled.some(same)).toBe(true);
        }
      }
      await waitFor(
        () => 'committed offsets to cover all 30 messages',
        async () => committedSum(await log.committedOffsets(groupId, topic)) === messages.length,
      );
    });

    it('starts a new group at the end of the log, or at the beginning with fromBeginning', async () => {
      const topic = await topicWithPartitions('contract-from');
      const keys = keysNamed('facility', 5);
      const old = numbered(keys, 2, '-old');
      await log.publish(topic, old);
      const latest = await consume({ groupId: uniqueName('contract-from-latest'), topics: [topic], fromBeginning: false });
      const earliest = await consume({ groupId: uniqueName('contract-from-earliest'), topics: [topic], fromBeginning: true });
      const fresh = numbered(keys, 2, '-new');
      await log.publish(topic, fresh);
      await waitFor(
        () => `10 and 20 messages, got ${latest.received.length} and ${earliest.received.length}`,
        () => latest.received.length >= fresh.length && earliest.received.length >= old.length + fresh.length,
      );
      expect(sorted(latest.values())).toEqual(sorted(fresh.map(({ value }) => String(value))));
      expect(sorted(earliest.values())).toEqual(sorted([...old, ...fresh].map(({ value }) => String(value))));
    });

    it('replays everything after resetOffsets(earliest), with the same checksum', async () => {
      const topic = await topicWithPartitions('contract-replay');
      const groupId = uniqueName('contract-replay-group');
      const messages = numbered(keysNamed('facility', 20), 5);
      await log.publish(topic, messages);
      const first = await consume({ groupId, topics: [topic], fromBeginning: true });
      await waitFor(
        () => `100 messages, got ${first.received.length}`,
        () => first.received.length >= messages.length,
      );
      await first.subscription.close();
      expect(committedSum(await log.committedOffsets(groupId, topic))).toBe(messages.length);

      await log.resetOffsets(groupId, topic, 'earliest');
      expect(await log.committedOffsets(groupId, topic)).toEqual([0, 1, 2].map((partition) => ({ partition, offset: '0' })));
      // fromBeginning false: the replay comes from the committed offsets, not from the option.
      const replay = await consume({ groupId, topics: [topic], fromBeginning: false });
      await waitFor(
        () => `100 replayed messages, got ${replay.received.length}`,
        () => replay.received.length >= messages.length,
      );
      expect(replay.received).toHaveLength(messages.length);
      expect(checksum(replay.values())).toBe(checksum(first.values()));
      expect(checksum(replay.values())).toBe(checksum(messages.map(({ value }) => String(value))));
    });

    it('refuses resetOffsets while a consumer of the group is running', async () => {
      const topic = await topicWithPartitions('contract-refuse');
      const groupId = uniqueName('contract-refuse-group');
      const consumer = await consume({ groupId, topics: [topic], fromBeginning: true });
      await expect(log.resetOffsets(groupId, topic, 'earliest')).rejects.toMatchObject({
        name: 'GroupHasRunningConsumersError',
        message: expect.stringMatching(new RegExp(`consumer group "${groupId}" on topic "${topic}": the group has running consumers`)),
      });
      await consumer.subscription.close();
      await log.resetOffsets(groupId, topic, 'earliest');
      expect(await log.committedOffsets(groupId, topic)).toEqual([0, 1, 2].map((partition) => ({ partition, offset: '0' })));
    });

    it('reports committed offsets per partition and moves them to explicit, earliest and latest positions', async () => {
      const topic = await topicWithPartitions('contract-offsets');
      const groupId = uniqueName('contract-offsets-group');
      // Two keys on two different partitions, leaving the third partition empty.
      const keyA = 'facility-a';
      const keyB = keysNamed('facility-b', 50).find((key) => partitionForKey(key, 3) !== partitionForKey(keyA, 3))!;
      const [pa, pb] = [partitionForKey(keyA, 3), partitionForKey(keyB, 3)];
      const empty = [0, 1, 2].find((partition) => partition !== pa && partition !== pb)!;
      const expectOffsets = async (byPartition: Record<number, string>) =>
        expect(await log.committedOffsets(groupId, topic)).toEqual([0, 1, 2].map((partition) => ({ partition, offset: byPartition[partition] })));

      await log.publish(topic, [...numbered([keyA], 5), ...numbered([keyB], 3)]);
      await expectOffsets({ [pa]: '-1', [pb]: '-1', [empty]: '-1' });
      const consumer = await consume({ groupId, topics: [topic], fromBeginning: true });
      await waitFor(
        () => `8 messages, got ${consumer.received.length}`,
        () => consumer.received.length >= 8,
      );
      await waitFor(
        () => 'the offsets after the last messages to be committed',
        async () => committedSum(await log.committedOffsets(groupId, topic)) === 8,
      );
      await expectOffsets({ [pa]: '5', [pb]: '3', [empty]: '-1' });
      await consumer.subscription.close();

      await log.resetOffsets(groupId, topic, [{ partition: pa, offset: '2' }]);
      await expectOffsets({ [pa]: '2', [pb]: '3', [empty]: '-1' });
      await log.resetOffsets(groupId, topic, 'latest');
      await expectOffsets({ [pa]: '5', [pb]: '3', [empty]: '0' });
      await expect(log.resetOffsets(groupId, topic, [{ partition: pa, offset: '-3' }])).rejects.toThrow(/Invalid offset "-3"/);
      await expect(log.committedOffsets(groupId, uniqueName('contract-missing'))).rejects.toThrow(/does not exist/);
    });

    it('reports end offsets, and the lag of a stopped consumer grows as messages are published', async () => {
      const topic = await topicWithPartitions('contract-lag');
      const groupId = uniqueName('contract-lag-group');
      const totalLag = async () => (await consumerLag(log, groupId, topic)).reduce((sum, { lag }) => sum + lag, 0);
      const endSum = async () => (await log.endOffsets(topic)).reduce((sum, { offset }) => sum + Number(offset), 0);
      expect(await log.endOffsets(topic)).toEqual([0, 1, 2].map((partition) => ({ partition, offset: '0' })));

      await log.publish(topic, numbered(keysNamed('facility', 3), 2));
      expect(await endSum()).toBe(6);
      const consumer = await consume({ groupId, topics: [topic], fromBeginning: true });
      await waitFor(
        () => 'the group to commit all 6 messages',
        async () => committedSum(await log.committedOffsets(groupId, topic)) === 6,
      );
      expect(await totalLag()).toBe(0);
      await consumer.subscription.close();

      await log.publish(topic, numbered(keysNamed('facility', 3), 1, ':late'));
      expect(await totalLag()).toBe(3);
      await log.publish(topic, numbered(keysNamed('facility', 5), 1, ':later'));
      expect(await totalLag()).toBe(8);
      expect(await endSum()).toBe(14);
      const lag = await consumerLag(log, groupId, topic);
      for (const partition of lag) expect(partition.lag).toBe(Number(partition.end) - Number(partition.committed ?? 0));
      await expect(log.endOffsets(uniqueName('contract-missing'))).rejects.toThrow(/does not exist/);
    });

    it('creates a topic on first publish, as a broker with auto-create does', async () => {
      const topic = uniqueName('contract-autocreate');
      await log.publish(topic, [{ key: 'facility-1', value: 'created by publish' }]);
      expect((await log.committedOffsets(uniqueName('contract-autocreate-group'), topic)).length).toBe(3);
      const consumer = await consume({ groupId: uniqueName('contract-autocreate-group'), topics: [topic], fromBeginning: true });
      await waitFor(
        () => 'the message',
        () => consumer.received.length >= 1,
      );
      expect(consumer.values()).toEqual(['created by publish']);
    });

    it("measures a partition's record batch as Kafka does: max.message.bytes exactly is accepted, a byte more refused", async () => {
      const topic = uniqueName('contract-size-edge');
      await log.ensureTopics([{ topic, partitions: 3, maxMessageBytes: 2048 }]);
      const consumer = await consume({ groupId: uniqueName('contract-size-edge-group'), topics: [topic], fromBeginning: true });
      // Non-ASCII on purpose: the limit counts UTF-8 bytes, not characters.
      const sized = (bytes: number) => {
        const message = { key: 'facility-1', value: '', headers: { 'import-id': 'imp-1' } };
        while (recordBatchBytes([{ ...message, value: `${message.value}é` }]) <= bytes) message.value += 'é';
        if (recordBatchBytes([message]) < bytes) message.value += 'x';
        return message;
      };
      const fits = sized(2048);
      expect(recordBatchBytes([fits])).toBe(2048);
      const over = { ...fits, value: `${fits.value}x` };
      await expect(log.publish(topic, [over])).rejects.toBeInstanceOf(MessageTooLargeError);
      await log.publish(topic, [fits]);
      await waitFor(
        () => 'the message that fits',
        () => consumer.received.length >= 1,
      );
      expect(consumer.values()).toEqual([fits.value]);
    });

    it("refuses a partition's batch over the topic's limit, appends the other partitions', and keeps accepting every partition", async () => {
      const topic = uniqueName('contract-too-large');
      await log.ensureTopics([{ topic, partitions: 3, maxMessageBytes: 4096 }]);
      const consumer = await consume({ groupId: uniqueName('contract-too-large-group'), topics: [topic], fromBeginning: true });
      const keys = keysNamed('facility', 30);
      const big = keys[0]!;
      const others = keys.filter((key) => partitionForKey(key, 3) !== partitionForKey(big, 3));
      const first = [{ key: big, value: 'x'.repeat(5000) }, ...others.map((key) => ({ key, value: `${key}:first` }))];
      await expect(log.publish(topic, first)).rejects.toMatchObject({ name: 'MessageTooLargeError', topic, message: expect.stringContaining(topic) });
      await waitFor(
        () => `${others.length} messages of the other partitions, got ${consumer.received.length}`,
        () => consumer.received.length >= others.length,
      );
      // After a refusal every partition takes messages again, those of the refused batch too.
      const second = keys.map((key) => ({ key, value: `${key}:second` }));
      await log.publish(topic, second);
      await log.publish(
        topic,
        keys.slice(0, 7).map((key) => ({ key, value: `${key}:third` })),
      );
      const expected = [...others.map((key) => `${key}:first`), ...second.map(({ value }) => value), ...keys.slice(0, 7).map((key) => `${key}:third`)];
      await waitFor(
        () => `${expected.length} messages, got ${consumer.received.length}`,
        () => consumer.received.length >= expected.length,
      );
      expect(sorted(consumer.values())).toEqual(sorted(expected));
    });

    it('dead-letters a message with its key, value and headers plus the dlq-* headers', async () => {
      const source = await topicWithPartitions('contract-dlq-source');
      const deadLetters = await topicWithPartitions('contract-dlq');
      const parked: ConsumedMessage[] = [];
      await consume({
        groupId: uniqueName('contract-dlq-consumer'),
        topics: [source],
        handleBatch: async (batch) => {
          for (const message of batch.messages) {
            await sendToDeadLetter(log, deadLetters, message, 'value is not valid JSON');
            parked.push(message);
          }
        },
      });
      const dlq = await consume({ groupId: uniqueName('contract-dlq-reader'), topics: [deadLetters], fromBeginning: true });
      await log.publish(source, [{ key: 'facility-9', value: '{not json', headers: { 'import-id': 'imp-7' } }]);
      await waitFor(
        () => 'the dead letter',
        () => dlq.received.length >= 1,
      );
      const [original, dead] = [parked[0]!, dlq.received[0]!];
      expect(dead.key).toBe('facility-9');
      expect(text(dead)).toBe('{not json');
      expect(dead.partition).toBe(partitionForKey('facility-9', 3));
      const at = dead.headers[DEAD_LETTER_HEADERS.at]!;
      expect(dead.headers).toEqual({
        'import-id': 'imp-7',
        'dlq-reason': 'value is not valid JSON',
        'dlq-source-topic': source,
        'dlq-source-partition': String(original.partition),
        'dlq-source-offset': original.offset,
        'dlq-at': at,
      });
      expect(new Date(at).toISOString()).toBe(at);
    });

    it('dead-letters a message the log refused, naming the topic it was meant for', async () => {
      const deadLetters = await topicWithPartitions('contract-dlq-unpublished');
      const dlq = await consume({ groupId: uniqueName('contract-dlq-unpublished-reader'), topics: [deadLetters], fromBeginning: true });
      const meantFor = uniqueName('contract-dlq-meant-for');
      await sendUnpublishedToDeadLetter(
        log,
        deadLetters,
        meantFor,
        { key: 'event-1', value: '{"big":true}', headers: { kind: 'log' } },
        'too large for the topic',
      );
      await waitFor(
        () => 'the dead letter',
        () => dlq.received.length >= 1,
      );
      const [dead] = dlq.received;
      expect(dead!.key).toBe('event-1');
      expect(text(dead!)).toBe('{"big":true}');
      expect(dead!.headers).toEqual({ kind: 'log', 'dlq-reason': 'too large for the topic', 'dlq-source-topic': meantFor, 'dlq-at': expect.any(String) });
    });

    it('stops delivering to a closed subscription', async () => {
      const topic = await topicWithPartitions('contract-close-sub');
      const groupId = uniqueName('contract-close-sub-group');
      const closed = await consume({ groupId, topics: [topic], fromBeginning: true });
      const first = numbered(keysNamed('facility', 5), 1, '-first');
      await log.publish(topic, first);
      await waitFor(
        () => '5 messages',
        () => closed.received.length >= 5,
      );
      await closed.subscription.close();
      const second = numbered(keysNamed('facility', 5), 1, '-second');
      await log.publish(topic, second);
      // A witness group sees the new messages arrive; by then the closed one would have too.
      const witness = await consume({ groupId: uniqueName('contract-close-sub-witness'), topics: [topic], fromBeginning: true });
      await waitFor(
        () => 'the witness to see all 10',
        () => witness.received.length >= 10,
      );
      expect(closed.received).toHaveLength(5);
      // They were left for the group, not consumed by the closed member.
      const next = await consume({ groupId, topics: [topic], fromBeginning: true });
      await waitFor(
        () => 'the next member to get the 5 new messages',
        () => next.received.length >= 5,
      );
      expect(sorted(next.values())).toEqual(sorted(second.map(({ value }) => String(value))));
    });

    it('close() stops every subscription and refuses further use', async () => {
      const other = await makeLog();
      logsOpened.push(other);
      const topic = uniqueName('contract-close-log');
      await other.ensureTopics([{ topic, partitions: 3 }]);
      const closing = await consume({ groupId: uniqueName('contract-close-log-group'), topics: [topic], fromBeginning: true }, other);
      await other.publish(topic, numbered(keysNamed('facility', 3), 1));
      await waitFor(
        () => '3 messages',
        () => closing.received.length >= 3,
      );
      await other.close();
      expect(await other.ping()).toBe(false);
      await expect(other.publish(topic, [{ key: 'k', value: 'v' }])).rejects.toThrow(/closed/);
      await expect(other.subscribe({ groupId: 'g', topics: [topic], handleBatch: async () => {} })).rejects.toThrow(/closed/);
      await closing.subscription.close();
      // With a shared backend (Kafka) the main log can still write the topic: the closed log's
      // consumer must not see it, which a witness on the main log makes observable.
      const more = numbered(keysNamed('facility', 3), 1, '-more');
      await log.publish(topic, more);
      const witness = await consume({ groupId: uniqueName('contract-close-log-witness'), topics: [topic], fromBeginning: true });
      const wanted = more.map(({ value }) => String(value));
      await waitFor(
        () => 'the witness to see the new messages',
        () => wanted.every((value) => witness.values().includes(value)),
      );
      expect(closing.received).toHaveLength(3);
    });
  });
}
