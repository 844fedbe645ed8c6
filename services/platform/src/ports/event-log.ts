/**
 * EventLog: the Kafka port. Production uses kafkajs against a broker; the embedded adapter
 * is an in-process log with the same semantics: named topics with partitions, messages routed
 * to a partition by key (so one key keeps its order), consumer groups that share partitions
 * and remember a committed offset per partition, commit only after a batch was handled, and
 * replay by resetting a group's offsets.
 */
export interface OutgoingMessage {
  /** Routing key: messages with the same key land on the same partition, in order. */
  key: string;
  value: string | Buffer;
  headers?: Record<string, string>;
}

export interface ConsumedMessage {
  topic: string;
  partition: number;
  /** Offset as a decimal string, as Kafka reports it. */
  offset: string;
  key: string | null;
  value: Buffer;
  headers: Record<string, string>;
  /** Milliseconds since the epoch when the message was appended. */
  timestamp: number;
}

export interface MessageBatch {
  topic: string;
  partition: number;
  messages: ConsumedMessage[];
}

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  /** Where a group with no committed offset starts. @defaultValue false (only new messages) */
  fromBeginning?: boolean;
  /**
   * Handles one batch of one partition. When it resolves, the offset after the batch's last
   * message is committed. When it throws, nothing is committed and the batch is delivered
   * again after a back-off (at-least-once).
   */
  handleBatch(batch: MessageBatch): Promise<void>;
  /** Largest batch handed to `handleBatch`. @defaultValue 500 */
  maxBatchSize?: number;
}

export interface Subscription {
  /** Resolves once the group has been assigned its partitions and is consuming. */
  readonly ready: Promise<void>;
  /** Stops consuming and leaves the group; in-flight batches finish first. */
  close(): Promise<void>;
}

export interface TopicSpec {
  topic: string;
  /** @defaultValue 3 */
  partitions?: number;
  /**
   * Largest record batch (one partition's messages of one publish) the topic accepts, Kafka's
   * `max.message.bytes`. @defaultValue DEFAULT_MAX_MESSAGE_BYTES, the broker's default
   */
  maxMessageBytes?: number;
}

export type OffsetReset = 'earliest' | 'latest' | Array<{ partition: number; offset: string }>;

export interface EventLog {
  readonly adapter: 'kafka' | 'in-process';
  readonly target: string;
  /** Creates topics that do not exist yet; existing topics are left as they are. */
  ensureTopics(topics: TopicSpec[]): Promise<void>;
  /**
   * Appends messages; resolves once the log has acknowledged every one of them. Throws
   * MessageTooLargeError when a partition's share of them is larger than the topic accepts.
   */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /**
   * Moves a group's committed offsets on a topic (replay or skip). The group must have no
   * running consumers.
   */
  resetOffsets(groupId: string, topic: string, to: OffsetReset): Promise<void>;
  /** Committed offset per partition of a group on a topic; '-1' where nothing is committed. */
  committedOffsets(groupId: string, topic: string): Promise<Array<{ partition: number; offset: string }>>;
  /**
   * Each partition's end offset: the offset its next message will get (Kafka's high watermark).
   * With `committedOffsets` it gives a group's lag, which admins watch to see a consumer fall behind.
   */
  endOffsets(topic: string): Promise<Array<{ partition: number; offset: string }>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
