/**
 * Builds the four ports from configuration: a port is production when its URL is set,
 * embedded otherwise (docs/architecture.md section 3). Each entry point calls this once and
 * passes the result down; nothing reaches for a global client.
 */
import path from 'node:path';
import type { PortName, PortStatus } from '@ust/schemas';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { AnalyticsStore, Cache, EventLog, JobQueue } from './ports/index.js';
import { createChdbStore, createClickHouseStore } from './analytics/index.js';
import { createInProcessEventLog, createKafkaEventLog } from './events/index.js';
import { createBullMqJobQueue, createInProcessJobQueue } from './jobs/index.js';
import { createRedisCache, openEmbeddedCache } from './cache/index.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';

export interface Ports {
  store: AnalyticsStore;
  events: EventLog;
  jobs: JobQueue;
  cache: Cache;
}

export interface PortsHandle extends Ports {
  /** Closes every port (and releases the data-directory lock). */
  close(): Promise<void>;
}

const EMBEDDED_ADAPTERS = new Set(['chdb', 'in-process', 'memory', 'lmdb']);
/**
 * Consumed messages the embedded event log keeps per partition, in bytes (it keeps every unread
 * one). Small: nothing in the embedded platform reads a message again once every group reading
 * it has committed it (a replay re-publishes from the stored sources, 0025), and what is kept
 * stays in the heap for the life of the process.
 */
const EMBEDDED_LOG_RETAINED_BYTES = 1024 * 1024;

/** Opens every port; `role` names this process in the data-directory lock. */
export async function createPorts(config: Config, log: Logger, role: string): Promise<PortsHandle> {
  let lock: DataDirLock | undefined;
  if (!config.CLICKHOUSE_URL) lock = await lockDataDir(config.dataDir, role);
  try {
    const store = await openAnalyticsStore(config);
    const events = config.kafkaBrokers
      ? createKafkaEventLog({ brokers: [...config.kafkaBrokers], clientId: config.KAFKA_CLIENT_ID, logger: log })
      : // A bounded window, not a history: the import publisher keeps consumers within 100,000
        // messages per topic, and replay re-publishes from the stored sources
        // (docs/decisions/0025-embedded-replay.md). The count caps the embedded log's memory at a few
        // hundred MB during a national import; the bytes keep a busy request log (a hundred events a
        // message) from holding 60,000 consumed messages per partition, gigabytes after an hour at
        // thousands of requests a second.
        createInProcessEventLog({ retention: 60_000, retentionBytes: EMBEDDED_LOG_RETAINED_BYTES, logger: log });
    const jobs = config.REDIS_URL
      ? createBullMqJobQueue({ url: config.REDIS_URL, logger: log, lockMs: config.JOB_LOCK_MS })
      : // Kept in DATA_DIR like the other embedded stores: a job in flight outlives a kill -9.
        createInProcessJobQueue({ logger: log, directory: path.join(config.dataDir, 'job-queue'), lockMs: config.JOB_LOCK_MS });
    const cache = config.REDIS_URL ? createRedisCache({ url: config.REDIS_URL, logger: log }) : await openEmbeddedCache(config.dataDir, log);
    const ports: Ports = { store, events, jobs, cache };
    for (const entry of describePorts(ports)) {
      log.info(
        { port: entry.port, adapter: entry.adapter, mode: entry.mode, target: entry.target },
        `port ${entry.port}: ${entry.adapter} (${entry.mode}) -> ${entry.target}`,
      );
    }
    return {
      ...ports,
      async close() {
        await Promise.allSettled([events.close(), jobs.close()]);
        await Promise.allSettled([cache.close(), store.close()]);
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/** The AnalyticsStore the configuration selects: the ClickHouse server of CLICKHOUSE_URL, else chDB in DATA_DIR/clickhouse. */
export function openAnalyticsStore(config: Config): Promise<AnalyticsStore> {
  return config.CLICKHOUSE_URL
    ? createClickHouseStore({
        url: config.CLICKHOUSE_URL,
        database: config.CLICKHOUSE_DATABASE,
        username: config.CLICKHOUSE_USER,
        password: config.CLICKHOUSE_PASSWORD,
        cluster: config.CLICKHOUSE_CLUSTER,
      })
    : createChdbStore({ path: path.join(config.dataDir, 'clickhouse'), database: config.CLICKHOUSE_DATABASE });
}

export function describePorts(ports: Ports): Array<Omit<PortStatus, 'reachable' | 'latency_ms'>> {
  const entries: Array<[PortName, { adapter: string; target: string }]> = [
    ['AnalyticsStore', ports.store],
    ['EventLog', ports.events],
    ['JobQueue', ports.jobs],
    ['Cache', ports.cache],
  ];
  return entries.map(([port, { adapter, target }]) => ({
    port,
    adapter,
    mode: EMBEDDED_ADAPTERS.has(adapter) ? 'embedded' : 'production',
    target,
  }));
}

/** Pings every port (each within `timeoutMs`) and says which answer. */
export async function checkPorts(ports: Ports, timeoutMs = 2_000): Promise<PortStatus[]> {
  const pings: Record<PortName, () => Promise<boolean>> = {
    AnalyticsStore: () => ports.store.ping(),
    EventLog: () => ports.events.ping(),
    JobQueue: () => ports.jobs.ping(),
    Cache: () => ports.cache.ping(),
  };
  return Promise.all(
    describePorts(ports).map(async (entry) => {
      const started = performance.now();
      const reachable = await withTimeout(pings[entry.port](), timeoutMs).catch(() => false);
      return { ...entry, reachable, latency_ms: Math.round((performance.now() - started) * 10) / 10 };
    }),
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
