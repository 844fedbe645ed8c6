/**
 * The production EventLog: kafkajs against a Kafka cluster. One idempotent producer (acks from
 * all in-sync replicas, one request in flight, so retries never duplicate or reorder; replaced
 * after the broker refuses records, see kafka-producer.ts), Kafka's default murmur2
 * partitioner, an admin client for topics and offsets, and one consumer per subscription (see
 * kafka-subscription.ts).
 */
import { Kafka, logLevel, Partitioners, type Admin } from 'kafkajs';
import { createLogger, type Logger } from '../logger.js';
import type { EventLog, OffsetReset, OutgoingMessage, SubscribeOptions, Subscription, TopicSpec } from '../ports/event-log.js';
import { assertValidTopicName, EventLogClosedError, GroupHasRunningConsumersError, parseOffset, UnknownTopicError } from './event-log-rules.js';
import { pinoLogCreator } from './kafka-log-creator.js';
import { ReplaceableProducer } from './kafka-producer.js';
import { startKafkaSubscription } from './kafka-subscription.js';

export interface KafkaEventLogOptions {
  /** Bootstrap brokers, `host:port`. */
  brokers: string[];
  /** Names this process in broker logs and quotas. */
  clientId: string;
  /** Receives kafkajs's warnings and errors and failed batches. @defaultValue createLogger('event-log') */
  logger?: Logger;
  /**
   * How long the group waits for a silent consumer before giving its partitions to the others.
   * Tests use 6-10 s so that a crashed consumer's partitions move quickly.
   * @defaultValue 30000
   */
  sessionTimeoutMs?: number;
  /** Replication factor of topics created by `ensureTopics`. @defaultValue 1 */
  replicationFactor?: number;
  /** Longest a fetch waits on the broker when there is nothing new; `ready` waits for one fetch. @defaultValue 1000 */
  maxWaitTimeMs?: number;
  /** Longest wait before a failed batch is delivered again (the first wait is 100 ms, then doubles). @defaultValue 5000 */
  maxRetryBackoffMs?: number;
  /** `ping` answers false when the cluster has not answered within this time. @defaultValue 2000 */
  pingTimeoutMs?: number;
}

export function createKafkaEventLog(options: KafkaEventLogOptions): EventLog {
  return new KafkaEventLog(options);
}

/** Connects a kafkajs client once, on first use; a failed attempt is retried by the next call. */
function lazyConnect<T extends Admin>(client: T): () => Promise<T> {
  let connecting: Promise<T> | undefined;
  return () =>
    (connecting ??= client.connect().then(
      () => client,
      (error: unknown) => {
        connecting = undefined;
        throw error;
      },
    ));
}

/**
 * Retries an admin call that failed with a retriable broker error. kafkajs retries most
 * requests itself but not admin offset reads, and on a young cluster the group coordinator
 * answers NOT_COORDINATOR or "loading" until __consumer_offsets is ready.
 */
async function retryRetriable<T>(call: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= attempts || (error as { retriable?: boolean }).retriable !== true) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

class KafkaEventLog implements EventLog {
  readonly adapter = 'kafka' as const;
  readonly target: string;
  private readonly logger: Logger;
  private readonly kafka: Kafka;
  private readonly producer: ReplaceableProducer;
  private readonly admin: Admin;
  private readonly connectedAdmin: () => Promise<Admin>;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(private readonly options: KafkaEventLogOptions) {
    if (options.brokers.length === 0) throw new Error('createKafkaEventLog needs at least one broker');
    this.target = options.brokers.join(',');
    this.logger = (options.logger ?? createLogger('event-log')).child({ port: 'event-log', adapter: 'kafka' });
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      logCreator: pinoLogCreator(this.logger),
    });
    this.producer = new ReplaceableProducer(this.kafka, {
      idempotent: true,
      maxInFlightRequests: 1,
      // Passed explicitly: the same murmur2 partitioner as the Java client (and as the in-process
      // log), and kafkajs stops warning that its default changed.
      createPartitioner: Partitioners.DefaultPartitioner,
      allowAutoTopicCreation: true,
    });
    this.admin = this.kafka.admin();
    this.connectedAdmin = lazyConnect(this.admin);
  }

  async ensureTopics(topics: TopicSpec[]): Promise<void> {
    this.assertOpen();
    const specs = new Map<string, { partitions: number; maxMessageBytes: number | undefined }>();
    for (const { topic, partitions = 3, maxMessageBytes } of topics) {
      assertValidTopicName(topic);
      if (!Number.isInteger(partitions) || partitions < 1) throw new Error(`partitions of topic "${topic}" must be a positive integer`);
      if (maxMessageBytes !== undefined && (!Number.isInteger(maxMessageBytes) || maxMessageBytes < 1)) {
        throw new Error(`maxMessageBytes of topic "${topic}" must be a positive integer, got ${maxMessageBytes}`);
      }
      if (!specs.has(topic)) specs.set(topic, { partitions, maxMessageBytes });
    }
    const admin = await this.connectedAdmin();
    // Creating only what is missing keeps the broker from answering TOPIC_ALREADY_EXISTS, which
    // kafkajs logs as an error; a topic created concurrently still just makes createTopics false.
    const existing = new Set(await admin.listTopics());
    const missing = [...specs].filter(([topic]) => !existing.has(topic));
    if (missing.length === 0) return;
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map(([topic, { partitions, maxMessageBytes }]) => ({
        topic,
        numPartitions: partitions,
        replicationFactor: this.options.replicationFactor ?? 1,
        ...(maxMessageBytes === undefined ? {} : { configEntries: [{ name: 'max.message.bytes', value: String(maxMessageBytes) }] }),
      })),
    });
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    assertValidTopicName(topic);
    if (messages.length === 0) return;
    await this.producer.send({
      topic,
      acks: -1,
      messages: messages.map(({ key, value, headers }) => ({ key, value, headers })),
    });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    if (!options.groupId) throw new Error('subscribe needs a groupId');
    if (options.topics.length === 0) throw new Error('subscribe needs at least one topic');
    options.topics.forEach(assertValidTopicName);
    const maxBatchSize = options.maxBatchSize ?? 500;
    if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) throw new Error('maxBatchSize must be a positive integer');
    const subscription = await startKafkaSubscription(this.kafka, options, {
      logger: this.logger,
      sessionTimeoutMs: this.options.sessionTimeoutMs ?? 30_000,
      maxWaitTimeMs: this.options.maxWaitTimeMs ?? 1000,
      maxRetryBackoffMs: this.options.maxRetryBackoffMs ?? 5000,
    });
    const tracked: Subscription = {
      ready: subscription.ready,
      close: async () => {
        this.subscriptions.delete(tracked);
        await subscription.close();
      },
    };
    this.subscriptions.add(tracked);
    return tracked;
  }

  /**
   * Moves a group's committed offsets to explicit numbers. 'earliest' and 'latest' are turned
   * into the partitions' current low and high watermarks first (kafkajs's own resetOffsets
   * would commit the sentinels -2/-1, which committedOffsets could not report as positions).
   */
  async resetOffsets(groupId: string, topic: string, to: OffsetReset): Promise<void> {
    this.assertOpen();
    const admin = await this.connectedAdmin();
    const { groups } = await retryRetriable(() => admin.describeGroups([groupId]));
    const group = groups[0];
    if (group && group.state !== 'Empty' && group.state !== 'Dead') {
      throw new GroupHasRunningConsumersError(groupId, topic, `${group.members.length} member(s), state ${group.state}`);
    }
    await this.assertTopicExists(admin, topic);
    const watermarks = await retryRetriable(() => admin.fetchTopicOffsets(topic));
    const partitions =
      to === 'earliest' || to === 'latest'
        ? watermarks.map(({ partition, low, high }) => ({ partition, offset: to === 'earliest' ? low : high }))
        : to.map(({ partition, offset }) => {
            if (!watermarks.some((known) => known.partition === partition)) throw new Error(`Topic "${topic}" has no partition ${partition}`);
            return { partition, offset: parseOffset(offset).toString() };
          });
    if (partitions.length === 0) return;
    try {
      await admin.setOffsets({ groupId, topic, partitions });
    } catch (error) {
      // A consumer joined between our check and the commit: kafkajs refuses, and so do we.
      if (/no running instances/.test((error as Error).message)) {
        throw new GroupHasRunningConsumersError(groupId, topic, (error as Error).message);
      }
      throw error;
    }
  }

  async committedOffsets(groupId: string, topic: string): Promise<Array<{ partition: number; offset: string }>> {
    this.assertOpen();
    const admin = await this.connectedAdmin();
    await this.assertTopicExists(admin, topic);
    const [entry] = await retryRetriable(() => admin.fetchOffsets({ groupId, topics: [topic] }));
    return (entry?.partitions ?? [])
      .map(({ partition, offset }) => ({ partition, offset: BigInt(offset) < 0n ? '-1' : offset }))
      .sort((a, b) => a.partition - b.partition);
  }

  async endOffsets(topic: string): Promise<Array<{ partition: number; offset: string }>> {
    this.assertOpen();
    const admin = await this.connectedAdmin();
    await this.assertTopicExists(admin, topic);
    const watermarks = await retryRetriable(() => admin.fetchTopicOffsets(topic));
    return watermarks.map(({ partition, high }) => ({ partition, offset: high })).sort((a, b) => a.partition - b.partition);
  }

  async ping(): Promise<boolean> {
    if (this.closed) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.options.pingTimeoutMs ?? 2000);
    });
    const answer = this.connectedAdmin()
      .then((admin) => admin.describeCluster())
      .then(
        ({ brokers }) => brokers.length > 0,
        () => false,
      );
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.close()));
    await Promise.allSettled([this.producer.close(), this.admin.disconnect()]);
  }

  private assertOpen(): void {
    if (this.closed) throw new EventLogClosedError('kafka');
  }

  private async assertTopicExists(admin: Admin, topic: string): Promise<void> {
    if (!(await admin.listTopics()).includes(topic)) throw new UnknownTopicError(topic);
  }
}
