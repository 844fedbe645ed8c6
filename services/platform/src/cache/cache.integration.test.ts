import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '../net/free-port.js';
import { describeCacheContract } from './cache.contract.js';
import { createLmdbCache, createMemoryCache, createRedisCache } from './index.js';

describeCacheContract('memory', async () => createMemoryCache());
describeCacheContract('redis', async () => createRedisCache({ url: inject('redisUrl') }));

describe('lmdb', () => {
  const directories: string[] = [];
  afterAll(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });
  describeCacheContract('lmdb', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'ust-lmdb-contract-'));
    directories.push(directory);
    return createLmdbCache({ path: directory });
  });
});

describe('redis cache', () => {
  it('hides the password in its target', () => {
    const cache = createRedisCache({ url: 'redis://user:s3cret@127.0.0.1:1/0', connectTimeoutMs: 100 });
    expect(cache.target).toBe('redis://user@127.0.0.1:1/0');
    void cache.close();
  });

  it('rejects a call with a clear error when nothing listens, instead of hanging', async () => {
    const port = await findFreePort(); // free, so nothing listens there
    const url = `redis://127.0.0.1:${port}`;
    const cache = createRedisCache({ url, connectTimeoutMs: 1_000 });
    try {
      await expect(cache.get('anything')).rejects.toThrow(`Redis ${url}: GET failed`);
      await expect(cache.set('anything', 'x')).rejects.toThrow(/SET failed/);
      expect(await cache.ping()).toBe(false);
    } finally {
      await cache.close();
    }
  });
});

describe('memory cache snapshot', () => {
  it('keeps strings, blobs, hashes and TTLs across a close and a new cache on the same file', async () => {
    const { mkdtemp } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'ust-snapshot-')), 'cache.bin');
    const first = createMemoryCache({ snapshotFile: file });
    await first.set('dataset:current', '3');
    await first.set('v3:blob', Buffer.from([0, 255, 10, 13]));
    await first.set('v3:short', 'expires', { ttlSeconds: 60 });
    await first.hset('v3:hash', { a: '1', b: Buffer.from([7]) });
    await first.close();
    // It holds users' e-mails among the derived data: readable by its owner only.
    const { stat } = await import('node:fs/promises');
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const second = createMemoryCache({ snapshotFile: file });
    expect(await second.get('dataset:current')).toBe('3');
    expect([...((await second.getBuffer('v3:blob')) ?? [])]).toEqual([0, 255, 10, 13]);
    expect(await second.ttl('v3:short')).toBeGreaterThan(50);
    expect(await second.hgetall('v3:hash')).toEqual({ a: '1', b: '\u0007' });
    await second.close();
  });

  it('persist() saves the whole store while it stays open, so a process killed afterwards restarts on it', async () => {
    const { mkdtemp, readdir, writeFile } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const directory = await mkdtemp(path.join(os.tmpdir(), 'ust-snapshot-'));
    const file = path.join(directory, 'cache.snapshot');
    // A writer killed half-way leaves its temporary file: the next open removes it.
    await writeFile(path.join(directory, '.cache.snapshot.0123456789ab.tmp'), 'half');
    const first = createMemoryCache({ snapshotFile: file });
    expect(await readdir(directory)).toEqual([]);
    const view = first.withPrefix('v7:');
    await view.set('doc', 'live');
    await first.set('dataset:current', '7');
    // Two at once: the later one waits, and the file ends with the later state.
    const saves = [view.persist(), (async () => (await first.set('after', 'x'), first.persist()))()];
    await Promise.all(saves);
    expect(await readdir(directory)).toEqual(['cache.snapshot']);

    // Read as a restart after kill -9 would, with the first cache still open.
    const restarted = createMemoryCache({ snapshotFile: file });
    expect(await restarted.get('dataset:current')).toBe('7');
    expect(await restarted.get('v7:doc')).toBe('live');
    expect(await restarted.get('after')).toBe('x');
    await restarted.close();
    await first.close();
  });

  describe('changes since the snapshot', () => {
    const snapshotIn = async () => {
      const { mkdtemp } = await import('node:fs/promises');
      const os = await import('node:os');
      const path = await import('node:path');
      return path.join(await mkdtemp(path.join(os.tmpdir(), 'ust-snapshot-')), 'cache.snapshot');
    };
    /** A store big enough that a few changes are a small share of it, saved as a snapshot. */
    const savedStore = async (file: string) => {
      const cache = createMemoryCache({ snapshotFile: file });
      for (let i = 0; i < 200; i += 1) await cache.set(`v1:doc:${i}`, 'x'.repeat(200));
      await cache.persist();
      return cache;
    };

    it('a stop after a few changes writes them beside the snapshot, which stays as it was', async () => {
      const { readFile, stat } = await import('node:fs/promises');
      const file = await snapshotIn();
      const first = await savedStore(file);
      const snapshotBefore = await readFile(file);
      await first.set('user:1', 'signed in');
      await first.hset('dialog:1', { body: 'kept' });
      await first.del('v1:doc:0');
      await first.set('counter', '3', { ttlSeconds: 60 });
      await first.set('v1:doc:1', 'replaced');
      await first.close();

      expect((await readFile(file)).equals(snapshotBefore)).toBe(true);
      const changes = await stat(`${file}.changes`);
      expect(changes.mode & 0o777).toBe(0o600);
      expect(changes.size).toBeLessThan(snapshotBefore.length / 8);

      const second = createMemoryCache({ snapshotFile: file });
      expect(await second.get('user:1')).toBe('signed in');
      expect(await second.hgetall('dialog:1')).toEqual({ body: 'kept' });
      expect(await second.get('v1:doc:0')).toBeNull();
      expect(await second.get('v1:doc:1')).toBe('replaced');
      expect(await second.get('v1:doc:2')).toBe('x'.repeat(200));
      expect(await second.ttl('counter')).toBeGreaterThan(50);
      // Changes of this run join the earlier ones: the next changes file holds both.
      await second.set('user:2', 'signed in');
      await second.close();
      const third = createMemoryCache({ snapshotFile: file });
      expect(await third.get('user:1')).toBe('signed in');
      expect(await third.get('user:2')).toBe('signed in');
      expect(await third.get('v1:doc:0')).toBeNull();
      await third.close();
    });

    it('saves the changes every few seconds while open, so a process killed without warning keeps them', async () => {
      const { stat } = await import('node:fs/promises');
      const file = await snapshotIn();
      const running = createMemoryCache({ snapshotFile: file, changesSaveIntervalMs: 100 });
      for (let i = 0; i < 200; i += 1) await running.set(`v1:doc:${i}`, 'x'.repeat(200));
      await running.persist();
      await running.set('user:1', 'signed in');
      await running.del('v1:doc:3');
      await expect
        .poll(
          () =>
            stat(`${file}.changes`).then(
              () => true,
              () => false,
            ),
          { timeout: 5_000 },
        )
        .toBe(true);

      // Read as a restart after kill -9 would, with the first cache still open.
      const restarted = createMemoryCache({ snapshotFile: file });
      expect(await restarted.get('user:1')).toBe('signed in');
      expect(await restarted.get('v1:doc:3')).toBeNull();
      await restarted.close();
      await running.close();
    });

    it('changes too large to be a small share of the snapshot are saved as a new snapshot, without a changes file', async () => {
      const { readdir } = await import('node:fs/promises');
      const path = await import('node:path');
      const file = await snapshotIn();
      const first = await savedStore(file);
      await first.set('user:1', 'signed in');
      await first.persist();
      expect(await readdir(path.dirname(file))).toEqual(['cache.snapshot', 'cache.snapshot.changes']);
      for (let i = 0; i < 200; i += 1) await first.set(`v2:doc:${i}`, 'y'.repeat(200));
      await first.close();
      expect(await readdir(path.dirname(file))).toEqual(['cache.snapshot']);
      const second = createMemoryCache({ snapshotFile: file });
      expect(await second.get('user:1')).toBe('signed in');
      expect(await second.get('v2:doc:199')).toBe('y'.repeat(200));
      await second.close();
    });

    it('a changes file left beside a newer snapshot (a crash between the two writes) is not applied', async () => {
      const { copyFile } = await import('node:fs/promises');
      const file = await snapshotIn();
      const first = await savedStore(file);
      await first.set('v1:doc:5', 'old change');
      await first.persist();
      await copyFile(`${file}.changes`, `${file}.stale`);
      for (let i = 0; i < 200; i += 1) await first.set(`v1:doc:${i}`, 'newer'.repeat(40));
      await first.close();
      await copyFile(`${file}.stale`, `${file}.changes`);

      const second = createMemoryCache({ snapshotFile: file });
      expect(await second.get('v1:doc:5')).toBe('newer'.repeat(40));
      await second.close();
    });

    it('reads a snapshot of the first format (no changes files), as left by an earlier version', async () => {
      const { writeFile } = await import('node:fs/promises');
      const file = await snapshotIn();
      const record = (key: string, value: string) => {
        const header = Buffer.alloc(9); // kind 0 (string), no expiry
        const length = (bytes: Buffer) => Buffer.from(new Uint32Array([bytes.length]).buffer);
        const [k, v] = [Buffer.from(key), Buffer.from(value)];
        return Buffer.concat([length(k), k, header, length(v), v]);
      };
      await writeFile(file, Buffer.concat([Buffer.from('USTCACHE1'), record('dataset:current', '4'), record('v4:stats', '{}')]));
      const cache = createMemoryCache({ snapshotFile: file });
      expect(await cache.get('dataset:current')).toBe('4');
      expect(await cache.get('v4:stats')).toBe('{}');
      await cache.set('user:1', 'x');
      await cache.close();
      const reopened = createMemoryCache({ snapshotFile: file });
      expect(await reopened.get('user:1')).toBe('x');
      expect(await reopened.get('v4:stats')).toBe('{}');
      await reopened.close();
    });
  });
});
