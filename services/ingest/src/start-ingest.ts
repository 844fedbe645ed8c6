import type { Logger, Ports } from '@ust/platform';
import { startConsumer, type RunningConsumer, type ConsumerDefinition } from './consumer.js';
import { buildConsumers } from './consumers/index.js';

export interface IngestDeps extends Ports {
  log: Logger;
}

export interface IngestHandle {
  consumers: RunningConsumer[];
  close(): Promise<void>;
}

/** Starts every consumer (or the given ones) and waits until each has joined its group. */
export async function startIngest(
  deps: IngestDeps,
  definitions: Array<ConsumerDefinition<unknown>> = buildConsumers(deps),
): Promise<IngestHandle> {
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
