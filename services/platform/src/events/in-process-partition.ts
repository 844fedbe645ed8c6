import type { ConsumedMessage } from '../ports/event-log.js';

export interface StoredMessage {
  readonly key: string;
  /**
   * As published: a string is kept as it is (immutable, and one copy fewer per message than a
   * Buffer: an import publishes millions), a Buffer as a copy of the caller's.
   */
  readonly value: string | Buffer;
  /** Bytes of value and key, counted against the retention's byte bound. */
  readonly bytes: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly timestamp: number;
}

/** How much of a partition the in-process log keeps. */
export interface PartitionRetention {
  /** Most messages kept, consumed or not (Kafka's retention drops unread messages too). */
  readonly messages: number;
  /**
   * Bytes of messages (values and keys) kept beyond which the oldest messages every reader of
   * the partition has consumed are dropped. Never drops a message a reader still needs, so a
   * slow reader costs memory, not messages (the count above stays the hard limit).
   */
  readonly bytes: number;
  /** The lowest offset any reader of the partition still needs (messages before it are consumed). */
  neededFrom(log: PartitionLog): number;
}

/**
 * One partition of an in-process topic: an append-only sequence of messages with offsets
 * counted from 0, keeping only the newest of them (the in-process log is a bounded window, not
 * the whole history; docs/decisions/0025-embedded-replay.md): at most `retention.messages`,
 * and of those past `retention.bytes` only what a reader still needs. Without the byte bound a
 * busy platform's request log kept its last 60,000 messages per partition, gigabytes once each
 * message packs a hundred events.
 */
export class PartitionLog {
  /** Dropped entries are cleared at once (undefined), so their bytes are freed before compaction. */
  private entries: Array<StoredMessage | undefined> = [];
  /** Index in `entries` of the oldest retained message. */
  private head = 0;
  /** Offset of the oldest retained message. */
  private first = 0;
  private retainedBytes = 0;

  constructor(
    readonly topic: string,
    readonly partition: number,
    private readonly retention: PartitionRetention,
  ) {}

  /** Offset of the oldest message still kept (Kafka's log start offset). */
  get firstOffset(): number {
    return this.first;
  }

  /** Offset the next appended message gets (Kafka's high watermark). */
  get nextOffset(): number {
    return this.first + this.entries.length - this.head;
  }

  append(message: StoredMessage): void {
    this.entries.push(message);
    this.retainedBytes += message.bytes;
    if (this.entries.length - this.head > this.retention.messages) this.dropOldest();
    if (this.retainedBytes > this.retention.bytes) {
      const needed = this.retention.neededFrom(this);
      while (this.retainedBytes > this.retention.bytes && this.first < needed) this.dropOldest();
    }
    // Dropping from the front one by one would be O(n) per message; compact once the dropped
    // prefix is as large as what is kept.
    if (this.head >= 1024 && this.head * 2 >= this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  private dropOldest(): void {
    this.retainedBytes -= this.entries[this.head]!.bytes;
    this.entries[this.head] = undefined;
    this.head += 1;
    this.first += 1;
  }

  /**
   * Up to `max` messages from offset `from` (or from the oldest kept one if `from` fell out of
   * the window). Each reader gets its own copy of values and headers, as it would from Kafka.
   */
  read(from: number, max: number): ConsumedMessage[] {
    const start = Math.max(from, this.first);
    const end = Math.min(this.nextOffset, start + max);
    const messages: ConsumedMessage[] = [];
    for (let offset = start; offset < end; offset += 1) {
      const entry = this.entries[this.head + offset - this.first]!;
      messages.push({
        topic: this.topic,
        partition: this.partition,
        offset: String(offset),
        key: entry.key,
        value: Buffer.from(entry.value),
        headers: { ...entry.headers },
        timestamp: entry.timestamp,
      });
    }
    return messages;
  }
}
