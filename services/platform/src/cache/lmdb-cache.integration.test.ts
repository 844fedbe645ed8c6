/**
 * What the LMDB adapter does beyond the Cache contract (run for it in cache.integration.test.ts):
 * its data lives in a directory, so it outlives the cache that wrote it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.js';
import { createLmdbCache } from './index.js';

describe('lmdb cache', () => {
  const directories: string[] = [];
  const freshDirectory = () => {
    const directory = mkdtempSync(join(tmpdir(), 'ust-lmdb-'));
    directories.push(directory);
    return directory;
  };
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('keeps strings, blobs, hashes, counters and TTLs across a close and a new cache on the same directory', async () => {
    const path = freshDirectory();
    const first = createLmdbCache({ path });
    await first.set('dataset:current', '3');
    await first.set('v3:blob', Buffer.from([0, 255, 10, 13]));
    await first.set('v3:short', 'expires', { ttlSeconds: 60 });
    await first.hset('v3:hash', { a: '1', b: Buffer.from([7]) });
    await first.incr('v3:counter', 41);
    const window = await first.countInWindow('limit:ip', 60_000);
    await first.close();
    expect(await first.ping()).toBe(false);
    await expect(first.get('dataset:current')).rejects.toThrow(/closed/);

    const second = createLmdbCache({ path });
    expect(second.target).toBe(path);
    expect(await second.get('dataset:current')).toBe('3');
    expect([...((await second.getBuffer('v3:blob')) ?? [])]).toEqual([0, 255, 10, 13]);
    const ttl = await second.ttl('v3:short');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    expect(await second.hgetall('v3:hash')).toEqual({ a: '1', b: '\u0007' });
    expect(await second.incr('v3:counter')).toBe(42);
    // The window opened before the close goes on counting, with less of it left.
    const next = await second.countInWindow('limit:ip', 60_000);
    expect(next.count).toBe(window.count + 1);
    expect(next.remainingMs).toBeLessThanOrEqual(window.remainingMs);
    expect(await second.keys('v3:')).toEqual(['v3:blob', 'v3:counter', 'v3:hash', 'v3:short']);
    await second.close();
  });

  it('reads a key whose TTL passed while no cache was open as gone', async () => {
    const path = freshDirectory();
    const first = createLmdbCache({ path });
    await first.set('brief', 'soon gone', { ttlSeconds: 1 });
    await first.hset('brief-hash', { field: 'soon gone' });
    await first.expire('brief-hash', 1);
    await first.set('stays', 'here');
    await first.close();

    const second = createLmdbCache({ path });
    try {
      expect(await eventually(() => second.get('brief'), null)).toBeNull();
      expect(await eventually(() => second.hget('brief-hash', 'field'), null)).toBeNull();
      expect(await second.ttl('brief')).toBe(-2);
      expect(await second.hgetall('brief-hash')).toEqual({});
      expect(await second.keys('')).toEqual(['stays']);
      // A new value under an expired hash's name starts from nothing.
      await second.hset('brief-hash', { other: 'new' });
      expect(await second.hgetall('brief-hash')).toEqual({ other: 'new' });
      expect(await second.ttl('brief-hash')).toBe(-1);
    } finally {
      await second.close();
    }
  });

  it("sweeps an expired key's records from the directory without anyone reading it", async () => {
    const path = freshDirectory();
    const cache = createLmdbCache({ path });
    await cache.set('brief', 'x'.repeat(1_000), { ttlSeconds: 1 });
    await cache.hset('brief-hash', { a: '1', b: '2' });
    await cache.expire('brief-hash', 1);
    await cache.set('stays', 'here');
    const recordCounts = async () => {
      // Read the directory as another reader would, with the cache still open.
      const reader = open({ path, maxDbs: 6, readOnly: true });
      try {
        const names = ['meta', 'strings', 'outside', 'fields', 'expiries'];
        return names.map((name) => reader.openDB({ name, encoding: 'binary', keyEncoding: 'binary' }).getKeysCount()).join(',');
      } finally {
        await reader.close();
      }
    };
    // The 1,000-byte string lies in a segment file, its key pointing at it from `outside`.
    expect(await recordCounts()).toBe('3,1,1,2,2');
    expect(await eventually(recordCounts, '1,1,0,0,0')).toBe('1,1,0,0,0');
    expect(await cache.get('stays')).toBe('here');
    await cache.close();
  });

  it('round-trips a 50 MB blob, before and after reopening', async () => {
    const path = freshDirectory();
    const blob = randomBytes(50 * 1024 * 1024);
    const first = createLmdbCache({ path });
    await first.set('big', blob);
    expect((await first.getBuffer('big'))?.equals(blob)).toBe(true);
    await first.close();
    const second = createLmdbCache({ path });
    const [read] = await second.getBuffers(['big']);
    expect(read?.length).toBe(blob.length);
    expect(read?.equals(blob)).toBe(true);
    await second.close();
  });

  it('maps its file once however much it grows, so no page of it counts twice in the RSS', async () => {
    const path = freshDirectory();
    const cache = createLmdbCache({ path });
    const mapsOfFile = () =>
      readFileSync('/proc/self/maps', 'utf8')
        .split('\n')
        .filter((line) => line.endsWith(join(path, 'data.mdb'))).length;
    // From 128 KB to 24 MB: lmdb-js' default map would have doubled about eight times, each map
    // kept. Hash fields are kept inside LMDB whatever their length.
    for (let i = 0; i < 24; i++) await cache.hset(`v1:hash:${i}`, { field: String(i).padEnd(1024 * 1024, 'x') });
    expect(statSync(join(path, 'data.mdb')).size).toBeGreaterThan(24 * 1024 * 1024);
    expect((await cache.hget('v1:hash:0', 'field'))?.length).toBe(1024 * 1024);
    expect(mapsOfFile()).toBe(1);
    await cache.close();
  });

  it('gives views with different prefixes their own keys over one environment, closed only by the root', async () => {
    const path = freshDirectory();
    const root = createLmdbCache({ path });
    const left = root.withPrefix('left:');
    const right = root.withPrefix('right:');
    await left.set('name', 'left value');
    await right.set('name', 'right value');
    await left.hset('hash', { field: 'left' });
    expect(await left.keys('')).toEqual(['hash', 'name']);
    expect(await right.keys('')).toEqual(['name']);
    expect(await right.hget('hash', 'field')).toBeNull();
    expect(await right.deleteByPrefix('')).toBe(1);
    expect(await left.get('name')).toBe('left value');
    expect(await root.keys('')).toEqual(['left:hash', 'left:name']);

    await left.close(); // a no-op on a view
    expect(await right.ping()).toBe(true);
    await right.set('after', 'still open');
    await root.close(); // closes the environment every view uses
    expect(await left.ping()).toBe(false);
    expect(await right.ping()).toBe(false);
    await expect(left.get('name')).rejects.toThrow(/closed/);
  });

  it('persist() resolves once what was written is on disk, and the directory it creates is its owner only', async () => {
    const path = join(freshDirectory(), 'cache.lmdb'); // a directory, dot or not
    const cache = createLmdbCache({ path });
    expect(statSync(path).mode & 0o777).toBe(0o700);
    await Promise.all(Array.from({ length: 20 }, (_, index) => cache.set(`k${index}`, String(index))));
    await cache.persist();
    await cache.withPrefix('view:').persist();
    await cache.close();
    await cache.persist(); // nothing left to flush once closed
    const reopened = createLmdbCache({ path });
    expect(await reopened.get('k19')).toBe('19');
    await reopened.close();
  });

  it('writes all of a batch or none of it, and leaves a key as it was when a change fails', async () => {
    const path = freshDirectory();
    const cache = createLmdbCache({ path });
    await cache.set('kept', 'before');
    await cache.hset('hash', { field: 'before' });
    // LMDB keys hold at most 1978 bytes: the long key fails the whole batch.
    const tooLong = 'k'.repeat(2_000);
    await expect(
      cache.setMany([
        ['kept', 'after'],
        ['new', 'x'],
        [tooLong, 'y'],
      ]),
    ).rejects.toThrow(/key size/i);
    await expect(cache.hset('hash', { field: 'after', [tooLong]: 'y' })).rejects.toThrow(/key size/i);
    await expect(cache.incr('hash')).rejects.toThrow(/WRONGTYPE/);
    expect(await cache.get('kept')).toBe('before');
    expect(await cache.get('new')).toBeNull();
    expect(await cache.hgetall('hash')).toEqual({ field: 'before' });
    // Calls queued beside a failing one are committed all the same.
    const [failed, counted] = await Promise.allSettled([cache.set(tooLong, 'z'), cache.incr('counter')]);
    expect(failed.status).toBe('rejected');
    expect(counted).toEqual({ status: 'fulfilled', value: 1 });
    expect(await cache.keys('')).toEqual(['counter', 'hash', 'kept']);
    await cache.close();
  });

  it('lists and deletes a prefix of more keys than one scan batch, in several turns of the event loop, leaving its neighbours', async () => {
    const cache = createLmdbCache({ path: freshDirectory() });
    const count = 12_345;
    const keys = Array.from({ length: count }, (_, i) => `v2:fac:${String(i).padStart(5, '0')}`);
    await cache.setMany(keys.map((key) => [key, 'x'] as const));
    await cache.set('v2', 'no colon: not under v2:');
    await cache.set('v3:fac:00000', 'the next version');
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    try {
      expect(await cache.keys('v2:')).toEqual(keys);
      const turnsWhileListing = turns;
      expect(turnsWhileListing).toBeGreaterThan(0);
      expect(await cache.deleteByPrefix('v2:')).toBe(count);
      expect(turns).toBeGreaterThan(turnsWhileListing);
    } finally {
      clearInterval(ticking);
    }
    expect(await cache.keys('v2:')).toEqual([]);
    expect(await cache.keys('')).toEqual(['v2', 'v3:fac:00000']);
    await cache.close();
  });
});
