/**
 * Publishing records in batches the event log accepts: Kafka (and the in-process log, which
 * applies the same rule) refuses a partition's record batch over 1 MB, however few messages it
 * holds, so long records must not be gathered 2,000 at a time.
 */
import { createInProcessEventLog, recordBatchBytes, type OutgoingMessage } from '@ust/platform';
import { describe, expect, it } from 'vitest';
import type { DatasetItem } from '../dataset-item.js';
import { ImportTally } from '../read/tally.js';
import { publishItems } from './publish-items.js';

describe('publishItems', () => {
  it("keeps every publish under the log's record-batch limit, records of 2 KB included, and delivers them all", async () => {
    const events = createInProcessEventLog();
    const publishes: OutgoingMessage[][] = [];
    const counted = Object.assign(Object.create(events) as typeof events, {
      publish: (topic: string, messages: OutgoingMessage[]) => {
        publishes.push(messages);
        return events.publish(topic, messages);
      },
    });
    const items: DatasetItem[] = Array.from({ length: 3_000 }, (_, index) => ({
      kind: 'facility',
      record: { facility_id: `XX-${index}`, name: 'n'.repeat(2_000), source: 'long-records.csv' } as never,
    }));
    // The records are all valid: nothing reaches the rejects report.
    const rejects = { add: async () => {} };
    try {
      await publishItems(items, { events: counted, rejects, tally: new ImportTally(), maxLag: Number.MAX_SAFE_INTEGER });
      expect(publishes.reduce((sum, batch) => sum + batch.length, 0)).toBe(3_000);
      for (const batch of publishes) expect(recordBatchBytes(batch)).toBeLessThan(1024 * 1024);
    } finally {
      await events.close();
    }
  });
});
