import type { EventLog } from '../ports/event-log.js';

export interface PartitionLag {
  partition: number;
  /** The group's committed offset; null where it has committed nothing yet. */
  committed: string | null;
  /** The partition's end offset (high watermark). */
  end: string;
  /**
   * Messages published after the committed offset. A group that has committed nothing counts
   * every message still on the partition's end, as a group starting from the beginning would see it.
   */
  lag: number;
}

/** A group's lag on one topic, partition by partition: committed offset against end offset. */
export async function consumerLag(log: EventLog, groupId: string, topic: string): Promise<PartitionLag[]> {
  const [committed, ends] = await Promise.all([log.committedOffsets(groupId, topic), log.endOffsets(topic)]);
  const committedBy = new Map(committed.map(({ partition, offset }) => [partition, BigInt(offset)]));
  return ends.map(({ partition, offset }) => {
    const at = committedBy.get(partition) ?? -1n;
    const end = BigInt(offset);
    const lag = at < 0n ? end : end > at ? end - at : 0n;
    return { partition, committed: at < 0n ? null : at.toString(), end: offset, lag: Number(lag) };
  });
}
