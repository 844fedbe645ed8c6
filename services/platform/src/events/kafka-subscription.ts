import type { Consumer, EachBatchPayload, IHeaders, Kafka, KafkaMessage } from 'kafkajs';
import type { Logger } from '../logger.js';
import type { ConsumedMessage, SubscribeOptions, Subscription } from '../ports/event-log.js';
import { nextOffset, retryBackoffMs } from './event-log-rules.js';

export interface KafkaSubscriptionSettings {
  logger: Logger;
  sessionTimeoutMs: number;
  maxWaitTimeMs: number;
  maxRetryBackoffMs: number;
}

function headersOf(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    // Kafka allows repeated headers; the port has one value per name, the last one wins.
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined) result[name] = last.toString();
  }
  return result;
}

function toConsumedMessage(topic: string, partition: number, message: KafkaMessage): ConsumedMessage {
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key ? message.key.toString('utf8') : null,
    value: message.value ?? Buffer.alloc(0),
    headers: headersOf(message.headers),
    timestamp: Number(message.timestamp),
  };
}

/**
 * One kafkajs consumer per subscription. Offsets are committed by hand, after `handleBatch`
 * resolved, and never for a batch whose handler threw: that batch is sought back and fetched
 * again after a back-off, so nothing is skipped (at-least-once).
 */
export async function startKafkaSubscription(kafka: Kafka, options: SubscribeOptions, settings: KafkaSubscriptionSettings): Promise<Subscription> {
  const { groupId, topics } = options;
  const maxBatchSize = options.maxBatchSize ?? 500;
  const logger = settings.logger.child({ groupId });
  const consumer = kafka.consumer({
    groupId,
    sessionTimeout: settings.sessionTimeoutMs,
    // Kafka's advice: heartbeat at most a third of the session timeout apart.
    heartbeatInterval: Math.min(3000, Math.floor(settings.sessionTimeoutMs / 3)),
    maxWaitTimeInMs: settings.maxWaitTimeMs,
    allowAutoTopicCreation: true,
  });
  const ready = readiness(consumer, groupId, logger);
  const failures = new Map<string, number>();

  const handleKafkaBatch = async (payload: EachBatchPayload): Promise<void> => {
    const { batch, resolveOffset, heartbeat, isRunning, isStale, commitOffsetsIfNecessary } = payload;
    const { topic, partition } = batch;
    const all = batch.messages.map((message) => toConsumedMessage(topic, partition, message));
    for (let start = 0; start < all.length; start += maxBatchSize) {
      if (!isRunning() || isStale()) return;
      const messages = all.slice(start, start + maxBatchSize);
      const last = messages[messages.length - 1]!.offset;
      try {
        await options.handleBatch({ topic, partition, messages });
      } catch (error) {
        const key = `${topic}:${partition}`;
        const count = (failures.get(key) ?? 0) + 1;
        failures.set(key, count);
        const backoffMs = retryBackoffMs(count, settings.maxRetryBackoffMs);
        logger.warn(
          { err: error, topic, partition, offset: messages[0]!.offset, failures: count, backoffMs },
          'handleBatch failed; nothing was committed and the batch will be delivered again',
        );
        // Nothing of this batch was resolved, so kafkajs would fetch from its first offset anyway;
        // the explicit seek also drops whatever was already fetched after it.
        await waitWithHeartbeats(backoffMs, heartbeat, isRunning);
        if (isRunning()) consumer.seek({ topic, partition, offset: messages[0]!.offset });
        return;
      }
      failures.delete(`${topic}:${partition}`);
      resolveOffset(last);
      // Not consumer.commitOffsets(): it silently skips the commit once close() has begun,
      // and a batch that finishes during close() must still be committed.
      await commitOffsetsIfNecessary({ topics: [{ topic, partitions: [{ partition, offset: nextOffset(last) }] }] });
      await heartbeat();
    }
  };

  try {
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: options.fromBeginning ?? false });
    await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, eachBatch: handleKafkaBatch });
  } catch (error) {
    await consumer.disconnect().catch(() => {});
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    ready,
    // disconnect() stops fetching, waits for the batch in hand, then leaves the group.
    close: () => (closing ??= consumer.disconnect()),
  };
}

/** How long after a STOP kafkajs has to report the crash behind it (its restartOnFailure check included). */
const STOP_JUDGEMENT_DELAY_MS = 2_000;

/**
 * Resolves after the consumer joined the group, got its assignment, and completed a fetch: only
 * then has it resolved where each partition starts (with fromBeginning false, the end of the log
 * at that moment), so a message published after `ready` is sure to be consumed.
 */
function readiness(consumer: Consumer, groupId: string, logger: Logger): Promise<void> {
  let joined = false;
  // kafkajs stops and restarts a consumer after a retriable crash (e.g. the coordinator of a
  // fresh broker not being ready yet): that STOP is not the end of the consumer. kafkajs emits
  // the STOP before the CRASH that says whether it restarts, so a STOP before joining is judged
  // a moment later, once the crash report has arrived.
  let restartAnnounced = false;
  const ready = new Promise<void>((resolve, reject) => {
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      joined = true;
      logger.debug({ memberId: payload.memberId, assignment: payload.memberAssignment }, 'joined consumer group');
    });
    consumer.on(consumer.events.FETCH, () => {
      if (joined) resolve();
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      logger.error({ err: payload.error, restart: payload.restart }, 'Kafka consumer crashed');
      if (payload.restart) restartAnnounced = true;
      else reject(payload.error);
    });
    consumer.on(consumer.events.STOP, () => {
      if (joined) return;
      const judged = setTimeout(() => {
        if (restartAnnounced) {
          restartAnnounced = false;
          return;
        }
        if (!joined) reject(new Error(`The consumer of group ${groupId} stopped before it joined the group`));
      }, STOP_JUDGEMENT_DELAY_MS);
      judged.unref();
    });
  });
  // A caller that never awaits `ready` must not see an unhandled rejection.
  ready.catch(() => {});
  return ready;
}

/** Sleeps in short steps, heartbeating so the group does not evict us while we back off. */
async function waitWithHeartbeats(ms: number, heartbeat: () => Promise<void>, isRunning: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (isRunning()) {
    const left = until - Date.now();
    if (left <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(left, 500)));
    await heartbeat();
  }
}
