/**
 * A consumer is parse -> validate -> write a batch -> commit (docs/architecture.md section 9).
 * A message that cannot be decoded or fails validation goes to the dead-letter topic with its
 * reason and never stops the batch; the batch's offsets are committed only after `writeBatch`
 * resolved, so a crash between the write and the commit replays the batch (writes are
 * idempotent by record id).
 */
import type { ConsumedMessage, EventLog, Logger, SubscribeOptions, Subscription } from '@ust/platform';
import { sendToDeadLetter } from '@ust/platform';

export class InvalidMessageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidMessageError';
  }
}

export interface ConsumerDefinition<Record> {
  /** Shown in logs and metrics. */
  name: string;
  groupId: string;
  topics: string[];
  deadLetterTopic: string;
  /** Parses and validates one message; throws InvalidMessageError with the reason when it is bad. */
  decode(message: ConsumedMessage): Record;
  /** Writes the valid records of one batch; throwing leaves the batch uncommitted for redelivery. */
  writeBatch(records: Record[]): Promise<void>;
  /** @defaultValue 500 */
  maxBatchSize?: number;
  /**
   * Subscriptions this process runs in the group. Each handles one partition's batch at a time,
   * so more members let batches of different partitions be written side by side. @defaultValue 1
   */
  members?: number;
}

export interface ConsumerStats {
  written: number;
  deadLettered: number;
  batches: number;
}

export interface RunningConsumer {
  readonly name: string;
  readonly stats: Readonly<ConsumerStats>;
  readonly subscription: Subscription;
}

export async function startConsumer<Record>(definition: ConsumerDefinition<Record>, deps: { events: EventLog; log: Logger }): Promise<RunningConsumer> {
  const stats: ConsumerStats = { written: 0, deadLettered: 0, batches: 0 };
  const log = deps.log.child({ consumer: definition.name });
  const options: SubscribeOptions = {
    groupId: definition.groupId,
    topics: definition.topics,
    fromBeginning: true,
    maxBatchSize: definition.maxBatchSize ?? 500,
    handleBatch: async (batch) => {
      const records: Record[] = [];
      const rejected: Array<{ message: ConsumedMessage; reason: string }> = [];
      for (const message of batch.messages) {
        try {
          records.push(definition.decode(message));
        } catch (error) {
          if (!(error instanceof InvalidMessageError)) throw error;
          rejected.push({ message, reason: error.message });
        }
      }
      if (records.length) await definition.writeBatch(records);
      for (const { message, reason } of rejected) {
        await sendToDeadLetter(deps.events, definition.deadLetterTopic, message, reason);
        log.warn({ topic: message.topic, partition: message.partition, offset: message.offset, reason }, 'message dead-lettered');
      }
      stats.written += records.length;
      stats.deadLettered += rejected.length;
      stats.batches += 1;
    },
  };
  const members = await subscribeMembers(deps.events, options, definition.members ?? 1);
  const subscription: Subscription = {
    ready: Promise.all(members.map((member) => member.ready)).then(() => {}),
    close: async () => {
      await Promise.all(members.map((member) => member.close()));
    },
  };
  subscription.ready.catch(() => {});
  return { name: definition.name, stats, subscription };
}

/** Joins `count` members to the group; if one cannot join, the others leave again. */
async function subscribeMembers(events: EventLog, options: SubscribeOptions, count: number): Promise<Subscription[]> {
  const joined = await Promise.allSettled(Array.from({ length: count }, () => events.subscribe(options)));
  const members = joined.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = joined.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(members.map((member) => member.close()));
    throw failed.reason;
  }
  return members;
}
