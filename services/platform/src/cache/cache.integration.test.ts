import { describe, expect, inject, it } from 'vitest';
import { findFreePort } from '../net/free-port.js';
import { describeCacheContract } from './cache.contract.js';
import { createMemoryCache, createRedisCache } from './index.js';

describeCacheContract('memory', async () => createMemoryCache());
describeCacheContract('redis', async () => createRedisCache({ url: inject('redisUrl') }));

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
});
