export { loadConfig, withPort, requireProductionPorts, fastifyTrustProxy, ConfigSchema, ConfigError, type Config } from './config.js';
export { createLogger, type Logger } from './logger.js';
export type * from './ports/index.js';
export * from './analytics/index.js';
export * from './events/index.js';
export * from './jobs/index.js';
export * from './cache/index.js';
export { createPorts, describePorts, checkPorts, openAnalyticsStore, type Ports, type PortsHandle } from './create-ports.js';
export { lockDataDir, liveDataDirOwner, DataDirLockedError, type DataDirLock, type LockOwner } from './data-dir-lock.js';
export { readRuntimeFile, writeRuntimeFile, type RuntimeFile } from './runtime-file.js';
export { isRuntimeProof, newRuntimeChallenge, newRuntimeProofKey, runtimeProof, RUNTIME_PROOF_PATH, type RuntimeIdentity } from './runtime-proof.js';
export { ensurePrivateDirectory, writePrivateFile, PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from './files/private-files.js';
export { keepDataDirPrivate } from './files/private-data-dir.js';
export { workspaceRoot, migrationsDirectory } from './paths.js';
export { onShutdown } from './shutdown.js';
export { failpoint, FAILPOINTS, type Failpoint } from './failpoints.js';
export { startHeartbeat } from './heartbeat.js';
export { runMain } from './run-main.js';
export { findFreePort, waitForPort } from './net/free-port.js';
export { default as securityHeaders, securityHeadersOf, PLATFORM_HELMET_OPTIONS } from './http/security-headers.js';
export { answerCalls, callerOver, type CallableMethods, type Caller } from './threads/port-calls.js';
export { returnFreedMemoryWhenThreadsExit, type FreedMemoryReturned } from './threads/freed-memory.js';
export {
  callerOf,
  relayLogLine,
  remote,
  remoteAnalyticsStore,
  runOnThread,
  storeIdentity,
  STORE_CALLS,
  threadLogger,
  type StoreIdentity,
  type ThreadPool,
  type ThreadTask,
} from './threads/thread-ports.js';
export {
  isPublicAddress,
  publicOnlyLookup,
  newWebhookSecret,
  postWebhook,
  signWebhook,
  verifyWebhookSignature,
  webhookUrlProblem,
  SIGNATURE_TOLERANCE_SECONDS,
  type WebhookAnswer,
} from './http/webhooks.js';
