import type { ConsumerDefinition } from '../consumer.js';
import type { IngestDeps } from '../start-ingest.js';

/**
 * Every consumer the ingest service runs: dataset records and telemetry events, each written to
 * ClickHouse by its own consumer group.
 */
export function buildConsumers(_deps: IngestDeps): Array<ConsumerDefinition<unknown>> {
  return [];
}
