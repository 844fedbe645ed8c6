/**
 * Rules both EventLog adapters apply the same way, so that code that works against the
 * in-process log fails or succeeds identically against Kafka.
 */

/** resetOffsets was asked for a group that still has consumers: Kafka refuses it too. */
export class GroupHasRunningConsumersError extends Error {
  constructor(groupId: string, topic: string, detail: string) {
    super(`Cannot reset the offsets of consumer group "${groupId}" on topic "${topic}": the group has running consumers ` + `(${detail}). Close them first.`);
    this.name = 'GroupHasRunningConsumersError';
  }
}

export class UnknownTopicError extends Error {
  constructor(topic: string) {
    super(`Topic "${topic}" does not exist`);
    this.name = 'UnknownTopicError';
  }
}

export class EventLogClosedError extends Error {
  constructor(adapter: string) {
    super(`The ${adapter} event log is closed`);
    this.name = 'EventLogClosedError';
  }
}

/**
 * Kafka's default `message.max.bytes` (1 MiB plus the 12 bytes of a batch's offset and length):
 * the largest record batch a topic accepts unless it was created with its own
 * `max.message.bytes` (`TopicSpec.maxMessageBytes`).
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 1_048_588;

/**
 * The log refused a publish because a partition's record batch was larger than the topic
 * accepts (Kafka's MESSAGE_TOO_LARGE, RECORD_LIST_TOO_LARGE). Sending the same messages again
 * fails again; fewer per publish, or smaller ones, may pass. The other partitions' messages of
 * the publish may have been appended (Kafka appends them; so does the in-process log).
 */
export class MessageTooLargeError extends Error {
  constructor(
    readonly topic: string,
    readonly detail: string,
  ) {
    super(`The event log refused a publish to "${topic}" as too large: ${detail}`);
    this.name = 'MessageTooLargeError';
  }
}

// Kafka's own limits (org.apache.kafka.common.internals.Topic): the in-process log enforces
// them so a name that works in development also works against a broker.
const LEGAL_TOPIC = /^[a-zA-Z0-9._-]{1,249}$/;

export function assertValidTopicName(topic: string): void {
  if (!LEGAL_TOPIC.test(topic) || topic === '.' || topic === '..') {
    throw new Error(`Invalid topic name "${topic}": use 1-249 characters from a-z, A-Z, 0-9, '.', '_' and '-'`);
  }
}

/** Parses an offset given as a decimal string (the port's representation); rejects anything else. */
export function parseOffset(offset: string): bigint {
  if (!/^\d+$/.test(offset)) throw new Error(`Invalid offset "${offset}": expected a non-negative decimal integer`);
  return BigInt(offset);
}

/** The offset after `offset`, as the port represents offsets. */
export function nextOffset(offset: string): string {
  return (BigInt(offset) + 1n).toString();
}

/** First redelivery of a failed batch waits this long; each further failure doubles it. */
export const FIRST_RETRY_BACKOFF_MS = 100;

/** Wait before delivering a batch again after `failures` consecutive failures (1 = the first). */
export function retryBackoffMs(failures: number, maxMs: number): number {
  return Math.min(maxMs, FIRST_RETRY_BACKOFF_MS * 2 ** Math.min(30, Math.max(0, failures - 1)));
}
