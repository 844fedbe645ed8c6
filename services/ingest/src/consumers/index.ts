import type { ConsumerDefinition } from '../consumer.js';
import type { IngestDeps } from '../start-ingest.js';
import { datasetRecordsConsumer } from './dataset-records.consumer.js';
import { datasetCommittedConsumer } from './dataset-committed.consumer.js';

/**
 * Every consumer the ingest service runs, each with its own consumer group, each writing
 * ClickHouse.
 */
export function buildConsumers(deps: IngestDeps): Array<ConsumerDefinition<unknown>> {
  return [
    datasetRecordsConsumer(deps.store),
    datasetCommittedConsumer({ store: deps.store, jobs: deps.jobs, log: deps.log }),
  ] as Array<ConsumerDefinition<unknown>>;
}
