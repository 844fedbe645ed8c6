import type { ConsumerDefinition } from '../consumer.js';
import type { IngestDeps } from '../start-ingest.js';

/**
 * Every consumer the ingest service runs. The dataset and telemetry issues add theirs here
 * (dataset records -> ClickHouse, telemetry logs and activities -> ClickHouse).
 */
export function buildConsumers(_deps: IngestDeps): Array<ConsumerDefinition<unknown>> {
  return [];
}
