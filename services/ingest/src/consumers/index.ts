import { ConsumerGroups } from '@ust/schemas';
import type { ConsumerDefinition } from '../consumer.js';
import type { Logger, Ports } from '@ust/platform';
import { datasetRecordsConsumer } from './dataset-records.consumer.js';
import { datasetCommittedConsumer } from './dataset-committed.consumer.js';
import { datasetFailedConsumer } from './dataset-failed.consumer.js';
import { telemetryLogsConsumer } from './telemetry-logs.consumer.js';
import { telemetryActivitiesConsumer } from './telemetry-activities.consumer.js';
import { deadLettersConsumer } from './dead-letters.consumer.js';

export interface BuildConsumersOptions {
  /**
   * Appended to every consumer group id: tests sharing a broker's topics read them all in
   * groups of their own. @defaultValue ''
   */
  groupSuffix?: string;
}

/**
 * Every consumer the ingest service runs, each with its own consumer group, each writing
 * ClickHouse.
 */
export function buildConsumers(
  deps: Pick<Ports, 'store' | 'jobs' | 'events'> & { log: Logger },
  { groupSuffix = '' }: BuildConsumersOptions = {},
): Array<ConsumerDefinition<unknown>> {
  const definitions = [
    datasetRecordsConsumer(deps.store),
    datasetCommittedConsumer({
      store: deps.store,
      jobs: deps.jobs,
      events: deps.events,
      log: deps.log,
      writerGroupId: `${ConsumerGroups.datasetWriter}${groupSuffix}`,
    }),
    datasetFailedConsumer({ store: deps.store, log: deps.log }),
    telemetryLogsConsumer({ store: deps.store }),
    telemetryActivitiesConsumer({ store: deps.store }),
    deadLettersConsumer(deps.store),
  ] as Array<ConsumerDefinition<unknown>>;
  return definitions.map((definition) => ({ ...definition, groupId: `${definition.groupId}${groupSuffix}` }));
}
