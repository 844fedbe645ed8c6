import type { ConsumedMessage, EventLog, OutgoingMessage } from '../ports/event-log.js';

/** Headers a dead-lettered message carries besides its original ones. */
export const DEAD_LETTER_HEADERS = {
  reason: 'dlq-reason',
  sourceTopic: 'dlq-source-topic',
  sourcePartition: 'dlq-source-partition',
  sourceOffset: 'dlq-source-offset',
  at: 'dlq-at',
} as const;

/**
 * Parks a message a consumer cannot handle on a dead-letter topic, so that one bad message never
 * stops a batch. The original key, value and headers are kept byte for byte; the dlq-* headers say
 * why and where it came from, so it can be inspected and re-published later.
 */
export async function sendToDeadLetter(log: EventLog, deadLetterTopic: string, message: ConsumedMessage, reason: string): Promise<void> {
  await log.publish(deadLetterTopic, [
    {
      // A message published without a key (by another producer) still needs one here; the
      // source partition keeps such messages together on the dead-letter topic.
      key: message.key ?? `${message.topic}:${message.partition}`,
      value: message.value,
      headers: {
        ...message.headers,
        [DEAD_LETTER_HEADERS.reason]: reason,
        [DEAD_LETTER_HEADERS.sourceTopic]: message.topic,
        [DEAD_LETTER_HEADERS.sourcePartition]: String(message.partition),
        [DEAD_LETTER_HEADERS.sourceOffset]: message.offset,
        [DEAD_LETTER_HEADERS.at]: new Date().toISOString(),
      },
    },
  ]);
}

/**
 * Parks a message the log refused to append (too large for its topic, say) on a dead-letter
 * topic, so that the producer can go on with the rest. It was never appended, so it has no
 * source partition or offset; dlq-source-topic names the topic it was meant for.
 */
export async function sendUnpublishedToDeadLetter(
  log: EventLog,
  deadLetterTopic: string,
  sourceTopic: string,
  message: OutgoingMessage,
  reason: string,
): Promise<void> {
  await log.publish(deadLetterTopic, [
    {
      key: message.key,
      value: message.value,
      headers: {
        ...message.headers,
        [DEAD_LETTER_HEADERS.reason]: reason,
        [DEAD_LETTER_HEADERS.sourceTopic]: sourceTopic,
        [DEAD_LETTER_HEADERS.at]: new Date().toISOString(),
      },
    },
  ]);
}
