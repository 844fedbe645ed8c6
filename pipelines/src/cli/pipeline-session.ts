/**
 * The ports a pipeline command runs on. With Kafka configured the command only publishes: the
 * ingest and workers services elsewhere write ClickHouse and rebuild. Embedded, the command owns
 * the data directory (it refuses while the server runs, naming it) and runs ingest and workers
 * in-process until the rebuild is done.
 */
import {
  createKafkaEventLog,
  createPorts,
  applyMigrations,
  migrationsDirectory,
  type Config,
  type EventLog,
  type JobQueue,
  type Logger,
  type Ports,
} from '@ust/platform';
import { startIngest } from '@ust/ingest';

/**
 * Starts the workers' job processors on the given ports (the workers' startWorkers). The entry
 * point (services/standalone/src/pipeline-main.ts) passes it in: the workers are a service of
 * their own, which pipelines does not import.
 */
export type StartWorkers = (deps: Ports & { log: Logger }) => Promise<{ close(): Promise<void> }>;

export interface PipelineSession {
  events: EventLog;
  /** Present when the derived data is rebuilt in this process (embedded mode). */
  jobs?: JobQueue;
  close(): Promise<void>;
}

export async function openPipelineSession(config: Config, log: Logger, startWorkers: StartWorkers): Promise<PipelineSession> {
  if (config.kafkaBrokers) {
    const events = createKafkaEventLog({ brokers: [...config.kafkaBrokers], clientId: `${config.KAFKA_CLIENT_ID}-pipeline`, logger: log });
    return { events, close: () => events.close() };
  }
  const ports = await createPorts(config, log, 'pipeline');
  try {
    await applyMigrations(ports.store, migrationsDirectory, log);
    const ingest = await startIngest({ ...ports, log });
    const workers = await startWorkers({ ...ports, log });
    return {
      events: ports.events,
      jobs: ports.jobs,
      async close() {
        await ingest.close();
        await workers.close();
        await ports.close();
      },
    };
  } catch (error) {
    await ports.close();
    throw error;
  }
}
