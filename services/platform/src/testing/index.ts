export { findFreePort, waitForPort } from '../net/free-port.js';
export type { RunningService } from './running-service.js';
export { resolveRedis, resolveKafka, resolveClickHouseServer, MissingServiceError } from './test-services.js';
export { startRedisServer } from './redis-server.js';
export { startKafkaBroker, type RestartableKafkaBroker } from './kafka-broker.js';
export { resolveKeycloak, startKeycloakServer, KEYCLOAK_READY_TIMEOUT_MS, type RunningKeycloak } from './keycloak-server.js';
export { createKeycloakRealm, type KeycloakRealm, type KeycloakRealmOptions, type KeycloakTestUser, type KeycloakTokens } from './keycloak-realm.js';
export { eventually } from './eventually.js';
