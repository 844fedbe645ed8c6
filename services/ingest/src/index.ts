export { startIngest, type IngestDeps, type IngestHandle } from './start-ingest.js';
export { startConsumer, InvalidMessageError, type ConsumerDefinition, type RunningConsumer } from './consumer.js';
export { BatchWriter, DEFAULT_BATCH_ROWS, DEFAULT_BATCH_WAIT_MS, type BatchWriterOptions } from './batch-writer.js';
export { applyTelemetryRetention, telemetryTtlDays, MAX_TELEMETRY_TTL_DAYS } from './telemetry-retention.js';
export { telemetryLogsConsumer } from './consumers/telemetry-logs.consumer.js';
export { telemetryActivitiesConsumer } from './consumers/telemetry-activities.consumer.js';
export type { TelemetryConsumerOptions } from './consumers/telemetry-consumer.js';
export { buildConsumers } from './consumers/index.js';
export { dropAbandonedStaging } from './staging/import-staging.js';
