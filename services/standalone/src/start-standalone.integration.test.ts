import { chmod, mkdtemp, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@ust/platform';
import { startStandalone, type Standalone } from './start-standalone.js';

describe('the standalone process', () => {
  let standalone: Standalone;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ust-standalone-'));
    await chmod(dataDir, 0o755);
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_SCALE: 'none' });
    standalone = await startStandalone({ config, log: createLogger('standalone-test', { level: 'silent' }) });
  });
  afterAll(() => standalone?.close());

  it('listens over HTTP with every port on its embedded adapter', async () => {
    const response = await fetch(`${standalone.url}/ready`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ports: Array<{ port: string; adapter: string; mode: string }> };
    expect(body.ports.map((port) => `${port.port}=${port.adapter}`)).toEqual([
      'AnalyticsStore=chdb',
      'EventLog=in-process',
      'JobQueue=in-process',
      'Cache=lmdb',
    ]);
    expect(body.ports.every((port) => port.mode === 'embedded')).toBe(true);
    expect(standalone.ports.store.target).toBe(path.join(dataDir, 'clickhouse'));
  });

  it('owns its data directory, closed to other users, and tells CLIs where it runs', async () => {
    const lock = JSON.parse(await readFile(path.join(dataDir, 'owner.lock'), 'utf8'));
    expect(lock).toMatchObject({ pid: process.pid, role: 'standalone' });
    const runtime = JSON.parse(await readFile(path.join(dataDir, 'runtime.json'), 'utf8'));
    expect(runtime).toMatchObject({ pid: process.pid, url: standalone.url });
    // DATA_DIR was made 0755 before the start: the platform closed it.
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    for (const file of ['owner.lock', 'runtime.json', 'identity/jwks.json', 'identity/accounts.json']) {
      expect({ file, mode: (await stat(path.join(dataDir, file))).mode & 0o777 }).toEqual({ file, mode: 0o600 });
    }
  });

  it('runs the workers: a maintenance job enqueued through the port completes', async () => {
    const { JobNames, Queues } = await import('@ust/schemas');
    const { DATASET_POINTER_KEY } = await import('@ust/read-model');
    const { cache, jobs } = standalone.ports;
    await cache.setMany([
      ['v1:stats', 'old'],
      ['v2:stats', 'previous'],
      ['v3:stats', 'live'],
    ]);
    await cache.switchPointer(DATASET_POINTER_KEY, '3');
    const { id } = await jobs.enqueue(Queues.maintenance, JobNames.pruneDatasetVersions, {}, { jobId: 'prune-standalone-test' });
    const settled = await jobs.waitUntilSettled(Queues.maintenance, id, 20_000);
    expect(settled).toMatchObject({ status: 'completed', returnValue: { currentVersion: 3, deletedVersions: [1], deletedKeys: 1 } });
    expect(await cache.get('v1:stats')).toBeNull();
    expect(await cache.get('v2:stats')).toBe('previous');
  });
});
