import type { ConsumedMessage } from '../ports/event-log.js';

export interface StoredMessage {
  readonly key: string;
  readonly value: Buffer;
  readonly headers: Readonly<Record<string, string>>;
  readonly timestamp: number;
}

/**
 * One partition of an in-process topic: an append-only sequence of messages with offsets
 * counted from 0, keeping only the newest `retention` messages (the in-process log is a bounded
 * window, not the whole history; DECISIONS 25).
 */
export class PartitionLog {
  private entries: StoredMessage[] = [];
  /** Index in `entries` of the oldest retained message. */
  private head = 0;
  /** Offset of the oldest retained message. */
  private first = 0;

  constructor(
    readonly topic: string,
    readonly partition: number,
    private readonly retention: number,
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
    if (this.entries.length - this.head > this.retention) {
      this.head += 1;
      this.first += 1;
    }
    // Dropping from the front one by one would be O(n) per message; compact once the dropped
    // prefix is as large as what is kept.
    if (this.head >= 1024 && this.head * 2 >= this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
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
