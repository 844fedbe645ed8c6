import { ConsumerGroups, Topics } from '@ust/schemas';
import type { DatasetItem } from '../dataset-item.js';

/** The consumer group of the ingest service's dataset writer; the publisher watches its lag. */
export const DATASET_WRITER_GROUP = ConsumerGroups.datasetWriter;

export const RECORD_TOPICS = [Topics.datasetFacilities, Topics.datasetTanks, Topics.datasetReleases] as const;

type RecordItem = Exclude<DatasetItem, { kind: 'reject' }>;

/** Topic and routing key of a record: keyed by record id, so one record's versions stay in order. */
export function routeOf(item: RecordItem): { topic: (typeof RECORD_TOPICS)[number]; key: string } {
  switch (item.kind) {
    case 'facility':
      return { topic: Topics.datasetFacilities, key: item.record.facility_id };
    case 'tank':
      return { topic: Topics.datasetTanks, key: item.record.tank_id };
    case 'release':
      return { topic: Topics.datasetReleases, key: item.record.release_id };
  }
}
