/**
 * Publishes dataset items to the dataset topics in batches and writes rejected rows to the
 * rejects report. Publishing waits while the dataset writer lags too far behind, so a fast
 * reader never outruns the in-process log's bounded retention (nothing is dropped) and memory
 * stays flat on a national import.
 */
import type { EventLog, OutgoingMessage } from '@ust/platform';
import type { RejectsWriter } from '@ust/read-model';
import type { DatasetItem } from '../dataset-item.js';
import { DATASET_WRITER_GROUP, RECORD_TOPICS, routeOf } from './dataset-topics.js';
import type { ImportTally } from '../read/tally.js';

export interface PublishOptions {
  events: EventLog;
  rejects: Pick<RejectsWriter, 'add'>;
  tally: ImportTally;
  /** Messages per publish call. @defaultValue 2000 */
  batchSize?: number;
  /**
   * Bytes of message values per publish call: the event log refuses a partition's record batch
   * over 1 MB (Kafka's max.message.bytes), and long records would otherwise reach it within
   * batchSize messages. @defaultValue 512 KiB
   */
  batchBytes?: number;
  /** Unconsumed messages per topic before publishing pauses. @defaultValue 100000 */
  maxLag?: number;
  onProgress?: (tally: ImportTally) => void;
}

export async function publishItems(items: AsyncIterable<DatasetItem> | Iterable<DatasetItem>, options: PublishOptions): Promise<void> {
  const { events, rejects, tally } = options;
  const batchSize = options.batchSize ?? 2_000;
  const batchBytes = options.batchBytes ?? 512 * 1024;
  const maxLag = options.maxLag ?? 100_000;
  const pending = new Map<string, OutgoingMessage[]>();
  const pendingBytes = new Map<string, number>();
  const published = new Map<string, number>();
  const baseline = new Map<string, number>();
  for (const topic of RECORD_TOPICS) baseline.set(topic, await consumedCount(events, topic));

  const flush = async (topic: string) => {
    const messages = pending.get(topic);
    if (!messages?.length) return;
    pending.set(topic, []);
    pendingBytes.set(topic, 0);
    await events.publish(topic, messages);
    published.set(topic, (published.get(topic) ?? 0) + messages.length);
    await waitWhileLagging(topic);
  };

  const waitWhileLagging = async (topic: string) => {
    for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
      const consumed = (await consumedCount(events, topic)) - (baseline.get(topic) ?? 0);
      if ((published.get(topic) ?? 0) - consumed <= maxLag) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };

  for await (const item of items) {
    tally.add(item);
    if (item.kind === 'reject') {
      await rejects.add(item.record);
      continue;
    }
    const { topic, key } = routeOf(item);
    const messages = pending.get(topic) ?? [];
    const value = JSON.stringify(item.record);
    messages.push({ key, value });
    pending.set(topic, messages);
    const bytes = (pendingBytes.get(topic) ?? 0) + Buffer.byteLength(value);
    pendingBytes.set(topic, bytes);
    if (messages.length >= batchSize || bytes >= batchBytes) {
      await flush(topic);
      options.onProgress?.(tally);
    }
  }
  for (const topic of RECORD_TOPICS) await flush(topic);
  options.onProgress?.(tally);
}

/** Messages the dataset writer has committed on a topic, summed over partitions. */
async function consumedCount(events: EventLog, topic: string): Promise<number> {
  try {
    const offsets = await events.committedOffsets(DATASET_WRITER_GROUP, topic);
    return offsets.reduce((sum, { offset }) => sum + Math.max(0, Number(offset)), 0);
  } catch (error) {
    // A log that cannot answer at all (a TypeError: no such method) would otherwise read as
    // nothing consumed, and publishing would wait for ever.
    if (error instanceof TypeError) throw error;
    // The topic does not exist yet: nothing consumed.
    return 0;
  }
}
