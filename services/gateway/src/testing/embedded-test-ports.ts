/**
 * The ports a gateway test runs on: chDB in a temporary directory with the migrations applied,
 * the in-process event log and job queue, and a memory cache. `close()` closes them and removes
 * the directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  applyMigrations,
  createChdbStore,
  createInProcessEventLog,
  createInProcessJobQueue,
  createLogger,
  createMemoryCache,
  migrationsDirectory,
  type AnalyticsStore,
  type Ports,
} from '@ust/platform';

export interface EmbeddedTestPorts {
  ports: Ports;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * `name` names the directory and the database; `wrapStore` lets a test watch the store (a
 * counting proxy) while the real one is closed at the end.
 */
export async function openEmbeddedTestPorts(name: string, wrapStore: (store: AnalyticsStore) => AnalyticsStore = (store) => store): Promise<EmbeddedTestPorts> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `ust-${name}-`));
  const store = await createChdbStore({ path: path.join(dataDir, 'clickhouse'), database: name.replaceAll('-', '_') });
  await applyMigrations(store, migrationsDirectory);
  const ports: Ports = {
    store: wrapStore(store),
    events: createInProcessEventLog(),
    jobs: createInProcessJobQueue({ logger: createLogger(name, { level: 'silent' }) }),
    cache: createMemoryCache(),
  };
  return {
    ports,
    dataDir,
    async close() {
      await Promise.all([store.close(), ports.events.close(), ports.jobs.close(), ports.cache.close()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
