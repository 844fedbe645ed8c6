import type { AnalyticsStore } from '@ust/platform';
import { DEAD_LETTER_WINDOW_MINUTES, LATEST_DEAD_LETTERS, type DeadLetterEntry } from '@ust/schemas';

export interface DeadLetterSummary {
  by_topic: Array<{ topic: string; count: number }>;
  latest: DeadLetterEntry[];
}

/**
 * Dead letters of the last DEAD_LETTER_WINDOW_MINUTES per dead-letter topic, and the newest of
 * them with their reasons. FINAL: a dead-letter batch the ingest consumer wrote twice counts once.
 */
export async function getDeadLetterSummary(store: AnalyticsStore, now: Date = new Date()): Promise<DeadLetterSummary> {
  // chDB does not parse a zone suffix in a DateTime64 parameter; the type's zone is UTC.
  const params = { now: now.toISOString().slice(0, -1), minutes: DEAD_LETTER_WINDOW_MINUTES, limit: LATEST_DEAD_LETTERS };
  const window = `dead_lettered_at > {now:DateTime64(3, 'UTC')} - INTERVAL {minutes:UInt32} MINUTE`;
  const [byTopic, latest] = await Promise.all([
    store.query<{ topic: string; count: number }>(
      `SELECT topic, toUInt32(count()) AS count FROM dead_letters FINAL WHERE ${window} GROUP BY topic ORDER BY topic`,
      params,
    ),
    store.query<DeadLetterEntry>(
      `SELECT topic, source_topic, reason, concat(replaceOne(toString(dead_lettered_at), ' ', 'T'), 'Z') AS at
       FROM dead_letters FINAL WHERE ${window}
       ORDER BY dead_lettered_at DESC, topic, topic_partition, topic_offset DESC
       LIMIT {limit:UInt32}`,
      params,
    ),
  ]);
  return { by_topic: byTopic, latest };
}
