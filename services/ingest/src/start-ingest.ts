import type { Logger, Ports } from '@ust/platform';
import { startConsumer, type RunningConsumer, type ConsumerDefinition } from './consumer.js';
import { buildConsumers } from './consumers/index.js';
import { applyTelemetryRetention } from './telemetry-retention.js';

export interface IngestDeps extends Ports {
  log: Logger;
  /**
   * Days telemetry is kept (TELEMETRY_TTL_DAYS), applied to the telemetry tables before the
   * consumers start; unset leaves the tables as they are (90 days from migration 003).
   */
  telemetryTtlDays?: number;
}

export interface IngestHandle {
  consumers: RunningConsumer[];
  close(): Promise<void>;
}

/**
 * Applies the telemetry retention when given, then starts every consumer (or the given ones) and
 * waits until each has joined its group.
 */
export async function startIngest(deps: IngestDeps, definitions: Array<ConsumerDefinition<unknown>> = buildConsumers(deps)): Promise<IngestHandle> {
  if (deps.telemetryTtlDays !== undefined) {
    const changed = await applyTelemetryRetention(deps.store, deps.telemetryTtlDays);
    if (changed.length) deps.log.info({ tables: changed, days: deps.telemetryTtlDays }, 'telemetry retention changed');
  }
  const topics = [...new Set(definitions.flatMap((definition) => [...definition.topics, definition.deadLetterTopic]))];
  if (topics.length) await deps.events.ensureTopics(topics.map((topic) => ({ topic })));
  const consumers: RunningConsumer[] = [];
  try {
    for (const definition of definitions) {
      const consumer = await startConsumer(definition, deps);
      consumers.push(consumer);
      await consumer.subscription.ready;
      deps.log.info({ consumer: definition.name, topics: definition.topics }, `consumer ${definition.name} started`);
    }
  } catch (error) {
    // A half-started ingest would keep members in their groups; leave them before failing.
    await Promise.allSettled(consumers.map((consumer) => consumer.subscription.close()));
    throw error;
  }
  deps.log.info({ consumers: consumers.length }, 'ingest started');
  return {
    consumers,
    async close() {
      await Promise.all(consumers.map((consumer) => consumer.subscription.close()));
    },
  };
}
