/**
 * The embedded EventLog: Kafka's semantics in memory. Topics have partitions, a key always maps
 * to the same partition (Kafka's murmur2 partitioner, so to the same partition number as on a
 * broker), groups share partitions round-robin and keep committed offsets, a batch is committed
 * only when its handler resolved, and a failed batch comes back after a back-off.
 */
import type { Logger } from '../logger.js';
import type { EventLog, OffsetReset, OutgoingMessage, SubscribeOptions, Subscription, TopicSpec } from '../ports/event-log.js';
import {
  assertValidTopicName,
  DEFAULT_MAX_MESSAGE_BYTES,
  EventLogClosedError,
  GroupHasRunningConsumersError,
  MessageTooLargeError,
  parseOffset,
  UnknownTopicError,
} from './event-log-rules.js';
import { type GroupMember, InProcessGroup } from './in-process-group.js';
import { PartitionLog, type PartitionRetention, type StoredMessage } from './in-process-partition.js';
import { partitionForKey } from './partition-for-key.js';
import { recordBatchBytes } from './record-batch-size.js';

export interface InProcessEventLogOptions {
  /**
   * Partitions of a topic created without a count: by `ensureTopics` without `partitions`, or
   * automatically by `publish`/`subscribe`, as a broker's `num.partitions` does.
   * @defaultValue 3
   */
  defaultPartitions?: number;
  /**
   * Most messages kept per partition; older ones are dropped, as Kafka's retention drops them.
   * @defaultValue 1_000_000
   */
  retention?: number;
  /**
   * Bytes of messages kept per partition beyond which the oldest messages that every group
   * reading the topic has committed are dropped (unread messages are never dropped for bytes).
   * @defaultValue no byte bound
   */
  retentionBytes?: number;
  /** Receives a warning for every failed batch. @defaultValue no logging */
  logger?: Logger;
  /** Longest wait before a failed batch is delivered again (the first wait is 100 ms, then doubles). @defaultValue 5000 */
  maxRetryBackoffMs?: number;
}

export function createInProcessEventLog(options: InProcessEventLogOptions = {}): EventLog {
  return new InProcessEventLog(options);
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return value;
}

class InProcessEventLog implements EventLog {
  readonly adapter = 'in-process' as const;
  readonly target = 'memory';
  private readonly defaultPartitions: number;
  private readonly retention: PartitionRetention;
  private readonly topics = new Map<string, PartitionLog[]>();
  /** Each topic's largest record batch, as Kafka's max.message.bytes. */
  private readonly maxMessageBytes = new Map<string, number>();
  private readonly groups = new Map<string, InProcessGroup>();
  /** The groups that have read (or been moved on) each topic: whose offsets bound its byte retention. */
  private readonly groupsOfTopic = new Map<string, Set<InProcessGroup>>();
  /** Members to wake when a topic gets messages. */
  private readonly readers = new Map<string, Set<GroupMember>>();
  private readonly pendingWakes = new Set<string>();
  private readonly subscriptions = new Set<() => Promise<void>>();
  private closed = false;

  constructor(private readonly options: InProcessEventLogOptions) {
    this.defaultPartitions = positiveInteger(options.defaultPartitions ?? 3, 'defaultPartitions');
    const bytes = options.retentionBytes ?? Number.POSITIVE_INFINITY;
    if (!(bytes > 0)) throw new Error(`retentionBytes must be positive, got ${bytes}`);
    this.retention = { messages: positiveInteger(options.retention ?? 1_000_000, 'retention'), bytes, neededFrom: (log) => this.neededFrom(log) };
  }

  async ensureTopics(topics: TopicSpec[]): Promise<void> {
    this.assertOpen();
    for (const spec of topics) this.createTopic(spec.topic, spec.partitions ?? this.defaultPartitions, spec.maxMessageBytes);
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    const partitions = this.partitionsOf(topic);
    const timestamp = Date.now();
    const batches = new Map<PartitionLog, Array<Omit<StoredMessage, 'timestamp'>>>();
    for (const message of messages) {
      const log = partitions[partitionForKey(message.key, partitions.length)]!;
      // Copies, so a caller reusing its buffer or headers object cannot change what was published.
      const value = typeof message.value === 'string' ? message.value : Buffer.from(message.value);
      const bytes = (typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : value.length) + Buffer.byteLength(message.key, 'utf8');
      const batch = batches.get(log);
      const stored = { key: message.key, value, bytes, headers: { ...message.headers } };
      if (batch) batch.push(stored);
      else batches.set(log, [stored]);
    }
    // As a broker does: a partition's batch over the limit is refused whole, the others are appended.
    const limit = this.maxMessageBytes.get(topic)!;
    const refused: string[] = [];
    for (const [log, batch] of batches) {
      const bytes = recordBatchBytes(batch);
      if (bytes > limit) {
        refused.push(`partition ${log.partition}'s record batch is ${bytes} bytes, over the topic's max.message.bytes of ${limit}`);
        continue;
      }
      for (const message of batch) log.append({ ...message, timestamp });
    }
    if (refused.length < batches.size) this.wakeReadersSoon(topic);
    if (refused.length) throw new MessageTooLargeError(topic, refused.join('; '));
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    if (!options.groupId) throw new Error('subscribe needs a groupId');
    if (options.topics.length === 0) throw new Error('subscribe needs at least one topic');
    positiveInteger(options.maxBatchSize ?? 500, 'maxBatchSize');
    for (const topic of options.topics) this.partitionsOf(topic);
    const group = this.groupFor(options.groupId);
    for (const topic of options.topics) this.groupsReading(topic).add(group);
    const member = group.join(options);
    for (const topic of options.topics) this.readersOf(topic).add(member);
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        for (const topic of options.topics) this.readersOf(topic).delete(member);
        await group.leave(member);
        this.subscriptions.delete(close);
      })();
      return closing;
    };
    this.subscriptions.add(close);
    return { ready: member.ready, close };
  }

  async resetOffsets(groupId: string, topic: string, to: OffsetReset): Promise<void> {
    this.assertOpen();
    const group = this.groupFor(groupId);
    if (group.runningMembers > 0) {
      throw new GroupHasRunningConsumersError(groupId, topic, `${group.runningMembers} running in this process`);
    }
    const partitions = this.existingTopic(topic);
    this.groupsReading(topic).add(group);
    if (to === 'earliest' || to === 'latest') {
      for (const log of partitions) group.commit(topic, log.partition, to === 'earliest' ? log.firstOffset : log.nextOffset);
      return;
    }
    // Validate every entry before changing anything, so a bad request leaves the offsets alone.
    const moves = to.map(({ partition, offset }) => {
      if (!partitions[partition]) throw new Error(`Topic "${topic}" has no partition ${partition}`);
      return { partition, offset: Number(parseOffset(offset)) };
    });
    for (const { partition, offset } of moves) group.commit(topic, partition, offset);
  }

  async committedOffsets(groupId: string, topic: string): Promise<Array<{ partition: number; offset: string }>> {
    this.assertOpen();
    const group = this.groups.get(groupId);
    return this.existingTopic(topic).map((log) => ({
      partition: log.partition,
      offset: String(group?.committedOffset(topic, log.partition) ?? -1),
    }));
  }

  async endOffsets(topic: string): Promise<Array<{ partition: number; offset: string }>> {
    this.assertOpen();
    return this.existingTopic(topic).map((log) => ({ partition: log.partition, offset: String(log.nextOffset) }));
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((close) => close()));
  }

  private assertOpen(): void {
    if (this.closed) throw new EventLogClosedError('in-process');
  }

  private createTopic(topic: string, partitionCount: number, maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES): PartitionLog[] {
    assertValidTopicName(topic);
    positiveInteger(partitionCount, `partitions of topic "${topic}"`);
    positiveInteger(maxMessageBytes, `maxMessageBytes of topic "${topic}"`);
    let partitions = this.topics.get(topic);
    if (!partitions) {
      partitions = Array.from({ length: partitionCount }, (_, partition) => new PartitionLog(topic, partition, this.retention));
      this.topics.set(topic, partitions);
      this.maxMessageBytes.set(topic, maxMessageBytes);
    }
    return partitions;
  }

  /** A topic's partitions, creating the topic on first use as a broker with auto-create does. */
  private readonly partitionsOf = (topic: string): PartitionLog[] => this.topics.get(topic) ?? this.createTopic(topic, this.defaultPartitions);

  private existingTopic(topic: string): PartitionLog[] {
    const partitions = this.topics.get(topic);
    if (!partitions) throw new UnknownTopicError(topic);
    return partitions;
  }

  private groupFor(groupId: string): InProcessGroup {
    let group = this.groups.get(groupId);
    if (!group) {
      group = new InProcessGroup(groupId, {
        logger: this.options.logger,
        maxRetryBackoffMs: this.options.maxRetryBackoffMs ?? 5000,
        partitionsOf: this.partitionsOf,
      });
      this.groups.set(groupId, group);
    }
    return group;
  }

  private groupsReading(topic: string): Set<InProcessGroup> {
    let groups = this.groupsOfTopic.get(topic);
    if (!groups) this.groupsOfTopic.set(topic, (groups = new Set()));
    return groups;
  }

  /**
   * The lowest offset of a partition that a group reading its topic has not committed: none
   * may be dropped for bytes before it. A group that has not committed there yet, or a topic
   * nobody reads yet, keeps everything (the message count still bounds it).
   */
  private neededFrom(log: PartitionLog): number {
    const groups = this.groupsOfTopic.get(log.topic);
    if (!groups?.size) return log.firstOffset;
    let needed = Number.POSITIVE_INFINITY;
    for (const group of groups) {
      const committed = group.committedOffset(log.topic, log.partition);
      if (committed === undefined) return log.firstOffset;
      needed = Math.min(needed, committed);
    }
    return needed;
  }

  private readersOf(topic: string): Set<GroupMember> {
    let readers = this.readers.get(topic);
    if (!readers) this.readers.set(topic, (readers = new Set()));
    return readers;
  }

  /** Wakes a topic's readers on a later turn: handlers must never run inside publish(). */
  private wakeReadersSoon(topic: string): void {
    if (this.pendingWakes.has(topic)) return;
    this.pendingWakes.add(topic);
    setImmediate(() => {
      this.pendingWakes.delete(topic);
      for (const member of this.readers.get(topic) ?? []) member.wake();
    });
  }
}
