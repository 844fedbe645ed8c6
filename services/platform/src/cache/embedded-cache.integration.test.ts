/**
 * The embedded platform's cache: LMDB in DATA_DIR/cache, which takes over a data directory the
 * in-memory cache wrote (its snapshot and changes file) at the first start.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { createMemoryCache, embeddedCachePaths, openEmbeddedCache } from './index.js';

const log = createLogger('embedded-cache-test', { level: 'silent' });

describe('embedded cache', () => {
  const directories: string[] = [];
  const freshDataDir = () => {
    const directory = mkdtempSync(join(tmpdir(), 'ust-embedded-cache-'));
    directories.push(directory);
    return directory;
  };
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('is an LMDB directory in DATA_DIR/cache, readable by its owner only, whose writes outlive the process', async () => {
    const dataDir = freshDataDir();
    const first = await openEmbeddedCache(dataDir, log);
    expect(first.adapter).toBe('lmdb');
    expect(first.target).toBe(join(dataDir, 'cache'));
    expect(statSync(join(dataDir, 'cache')).mode & 0o777).toBe(0o700);
    await first.set('dataset:current', '4');
    await first.close();

    const second = await openEmbeddedCache(dataDir, log);
    expect(await second.get('dataset:current')).toBe('4');
    await second.close();
  });

  it("copies a former in-memory cache's snapshot and its changes in once, types and expiries kept, and keeps the files as *.imported", async () => {
    const dataDir = freshDataDir();
    const { formerSnapshot } = embeddedCachePaths(dataDir);
    const former = createMemoryCache({ snapshotFile: formerSnapshot });
    await former.set('dataset:current', '3');
    await former.set('v3:blob', Buffer.from([0, 255, 10, 13]));
    await former.set('session:abc', 'signed in', { ttlSeconds: 600 });
    await former.hset('user:ana', { role: 'broker', avatar: Buffer.from([7, 0]) });
    // A snapshot large beside the changes that follow, so the close writes them as a changes file.
    await former.set('v3:summaries', Buffer.alloc(64 * 1024, 1));
    await former.persist(); // the snapshot
    await former.set('user:new', 'after the snapshot'); // the changes file, written at close
    await former.del('v3:blob');
    await former.close();
    expect(existsSync(`${formerSnapshot}.changes`)).toBe(true);

    const cache = await openEmbeddedCache(dataDir, log);
    expect(await cache.get('dataset:current')).toBe('3');
    expect(await cache.get('user:new')).toBe('after the snapshot');
    expect(await cache.getBuffer('v3:blob')).toBeNull();
    const ttl = await cache.ttl('session:abc');
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
    expect(await cache.ttl('dataset:current')).toBe(-1);
    expect(await cache.hget('user:ana', 'role')).toBe('broker');
    expect(await cache.hgetall('user:ana')).toEqual({ role: 'broker', avatar: '\u0007\u0000' });
    expect(existsSync(formerSnapshot)).toBe(false);
    expect(existsSync(`${formerSnapshot}.imported`)).toBe(true);
    expect(existsSync(`${formerSnapshot}.changes.imported`)).toBe(true);

    // A later start does not import again: a key changed since stays changed.
    await cache.set('dataset:current', '5');
    await cache.close();
    const reopened = await openEmbeddedCache(dataDir, log);
    expect(await reopened.get('dataset:current')).toBe('5');
    await reopened.close();
  });
});
