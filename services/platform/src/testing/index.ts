export { findFreePort, waitForPort } from '../net/free-port.js';
export type { RunningService } from './running-service.js';
export { resolveRedis, resolveKafka, resolveClickHouseServer, MissingServiceError } from './test-services.js';
export { startRedisServer } from './redis-server.js';
export { startKafkaBroker, type RestartableKafkaBroker } from './kafka-broker.js';
