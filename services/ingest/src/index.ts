export { startIngest, type IngestDeps, type IngestHandle } from './start-ingest.js';
export { startConsumer, InvalidMessageError, type ConsumerDefinition, type RunningConsumer } from './consumer.js';
