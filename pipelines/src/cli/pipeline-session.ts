/**
 * What a pipeline command runs on. With Kafka configured the command only publishes: the ingest
 * and workers services elsewhere write ClickHouse and rebuild. Embedded, the command owns the
 * data directory and runs the platform's embedded backend in-process until the rebuild is done
 * (while a platform runs on it, the command goes through its API instead: platform-target.ts).
 */
import { createKafkaEventLog, openAnalyticsStore, type AnalyticsStore, type Config, type EventLog, type JobQueue, type Logger } from '@ust/platform';

export interface PipelineSession {
  events: EventLog;
  /** Present when the derived data is rebuilt in this process (embedded mode). */
  jobs?: JobQueue;
  /** Where imports keep their manifests and rejects (and, embedded, the store this process's ingest writes). */
  store: AnalyticsStore;
  close(): Promise<void>;
}

/**
 * Starts the ports with the ingest consumers and workers on them (standalone's embedded backend,
 * passed in by the entry point services/standalone/src/pipeline-main.ts: pipelines does not
 * import the services that consume what it publishes).
 */
export type OpenEmbeddedBackend = (config: Config, log: Logger) => Promise<Required<PipelineSession>>;

export async function openPipelineSession(config: Config, log: Logger, openEmbeddedBackend: OpenEmbeddedBackend): Promise<PipelineSession> {
  if (config.kafkaBrokers) {
    const events = createKafkaEventLog({ brokers: [...config.kafkaBrokers], clientId: `${config.KAFKA_CLIENT_ID}-pipeline`, logger: log });
    const store = await openAnalyticsStore(config);
    return {
      events,
      store,
      async close() {
        await events.close();
        await store.close();
      },
    };
  }
  return openEmbeddedBackend(config, log);
}
