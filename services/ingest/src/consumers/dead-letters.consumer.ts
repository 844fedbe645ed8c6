/**
 * Records every message parked on a dead-letter topic in `dead_letters`, so admins can count
 * them over the last hour and read the latest reasons (System Health) without reading the topics.
 */
import { DEAD_LETTER_HEADERS, type AnalyticsStore, type ConsumedMessage } from '@ust/platform';
import { ConsumerGroups, DeadLetterTopics, Topics } from '@ust/schemas';
import type { ConsumerDefinition } from '../consumer.js';

export interface DeadLetterRow {
  topic: string;
  topic_partition: number;
  topic_offset: string;
  dead_lettered_at: string;
  source_topic: string;
  reason: string;
  message_key: string;
}

/** The row of one dead letter; a message published without the dlq-* headers still counts. */
export function toDeadLetterRow(message: ConsumedMessage): DeadLetterRow {
  const at = Date.parse(message.headers[DEAD_LETTER_HEADERS.at] ?? '');
  return {
    topic: message.topic,
    topic_partition: message.partition,
    topic_offset: message.offset,
    dead_lettered_at: new Date(Number.isFinite(at) ? at : message.timestamp).toISOString(),
    source_topic: message.headers[DEAD_LETTER_HEADERS.sourceTopic] ?? '',
    reason: message.headers[DEAD_LETTER_HEADERS.reason] ?? 'no reason recorded',
    message_key: message.key ?? '',
  };
}

export function deadLettersConsumer(store: AnalyticsStore, topics: readonly string[] = DeadLetterTopics): ConsumerDefinition<DeadLetterRow> {
  return {
    name: 'dead-letters',
    groupId: ConsumerGroups.deadLetters,
    topics: [...topics],
    // decode never refuses a message, so nothing is ever sent here; a consumer must name one.
    deadLetterTopic: Topics.telemetryDeadLetter,
    decode: toDeadLetterRow,
    async writeBatch(rows) {
      await store.insert('dead_letters', rows);
    },
  };
}
