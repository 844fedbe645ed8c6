/**
 * The size Kafka compares with a topic's `max.message.bytes`: one partition's messages of one
 * publish travel as a single record batch (message format v2), and the broker refuses the batch
 * whole when it is larger. The in-process log measures its batches the same way, so a publish
 * that Kafka would refuse is refused in development too.
 */
import type { OutgoingMessage } from '../ports/event-log.js';

/** Offset and length fields before the batch, then the v2 batch header. */
const BATCH_OVERHEAD_BYTES = 61;

/** Bytes of a zigzag varint, Kafka's encoding of lengths and deltas inside a record. */
function varintBytes(value: number): number {
  let zigzag = value >= 0 ? value * 2 : -value * 2 - 1;
  let bytes = 1;
  while (zigzag >= 0x80) {
    zigzag = Math.floor(zigzag / 0x80);
    bytes += 1;
  }
  return bytes;
}

const utf8Bytes = (value: string | Buffer) => (typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : value.length);

/**
 * The record batch of `messages` in bytes, uncompressed. Timestamp deltas are taken as 0 (one
 * byte each): the messages of one publish are stamped within the same millisecond or few.
 */
export function recordBatchBytes(messages: readonly OutgoingMessage[]): number {
  let total = BATCH_OVERHEAD_BYTES;
  messages.forEach((message, offsetDelta) => {
    const key = utf8Bytes(message.key);
    const value = utf8Bytes(message.value);
    const headers = Object.entries(message.headers ?? {});
    let body = 1 + varintBytes(0) + varintBytes(offsetDelta) + varintBytes(key) + key + varintBytes(value) + value + varintBytes(headers.length);
    for (const [name, text] of headers) {
      const nameBytes = utf8Bytes(name);
      const textBytes = utf8Bytes(text);
      body += varintBytes(nameBytes) + nameBytes + varintBytes(textBytes) + textBytes;
    }
    total += varintBytes(body) + body;
  });
  return total;
}
