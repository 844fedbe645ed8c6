/**
 * The behaviour every Cache adapter must have, asserted identically against each one. Every
 * test works under its own random key prefix, so tests run in any order against a shared Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../ports/cache.js';
import { eventually } from '../testing/eventually.js';

export function describeCacheContract(adapterName: string, makeCache: () => Promise<Cache>): void {
  describe(`Cache contract: ${adapterName}`, () => {
    let root: Cache;
    /** A fresh view under a unique prefix for one test. */
    const scoped = () => root.withPrefix(`test:${randomUUID()}:`);

    beforeAll(async () => {
      root = await makeCache();
    });
    afterAll(async () => {
      await root?.close();
    });

    it('stores and reads strings, and answers null for a missing key', async () => {
      const cache = scoped();
      await cache.set('greeting', 'héllo wörld ✓');
      expect(await cache.get('greeting')).toBe('héllo wörld ✓');
      expect(await cache.get('missing')).toBeNull();
      expect(await cache.getBuffer('missing')).toBeNull();
      await cache.set('greeting', 'replaced');
      expect(await cache.get('greeting')).toBe('replaced');
    });

    it('round-trips binary blobs byte for byte and keeps its own copy', async () => {
      const cache = scoped();
      const blob = Buffer.from([0x00, 0x01, 0x7f, 0x80, 0xc3, 0x28, 0xfe, 0xff, 0x00, 0x0a, 0x0d]);
      const written = Buffer.from(blob);
      await cache.set('blob', written);
      written.fill(0x41); // the caller reusing its buffer must not change what was stored
      const read = await cache.getBuffer('blob');
      expect(read).toBeInstanceOf(Buffer);
      expect(read?.equals(blob)).toBe(true);
      expect([...(read ?? [])]).toEqual([...blob]);
    });

    it('hands out the stored bytes on every read exactly when it says it shares them', async () => {
      const cache = scoped();
      await cache.set('shared', Buffer.from([0x01, 0x02]));
      const [first, second] = [await cache.getBuffer('shared'), (await cache.getBuffers(['shared']))[0]];
      expect(first === second).toBe(cache.sharesStoredBytes);
      expect(cache.withPrefix('view:').sharesStoredBytes).toBe(cache.sharesStoredBytes);
    });

    it('reads many blobs in the order asked, with null for missing keys', async () => {
      const cache = scoped();
      await cache.set('a', Buffer.from([0x00, 0xff]));
      await cache.set('c', 'third');
      const [a, b, c, again] = await cache.getBuffers(['a', 'b', 'c', 'a']);
      expect(a && [...a]).toEqual([0x00, 0xff]);
      expect(b).toBeNull();
      expect(c?.toString('utf8')).toBe('third');
      expect(again && [...again]).toEqual([0x00, 0xff]);
      expect(await cache.getBuffers([])).toEqual([]);
    });

    it('expires a key after its TTL and reports -1, -2 and positive TTLs', async () => {
      const cache = scoped();
      await cache.set('short', 'soon gone', { ttlSeconds: 1 });
      await cache.set('forever', 'stays');
      await cache.set('long', 'stays a while', { ttlSeconds: 100 });
      expect(await cache.ttl('forever')).toBe(-1);
      expect(await cache.ttl('missing')).toBe(-2);
      const longTtl = await cache.ttl('long');
      expect(longTtl).toBeGreaterThan(0);
      expect(longTtl).toBeLessThanOrEqual(100);
      expect(await cache.get('short')).toBe('soon gone');
      expect(await eventually(() => cache.get('short'), null)).toBeNull();
      expect(await cache.ttl('short')).toBe(-2);
      expect(await cache.keys('')).toEqual(['forever', 'long']);
      expect(await cache.get('forever')).toBe('stays');
    });

    it('sets an expiry on an existing key with expire()', async () => {
      const cache = scoped();
      await cache.set('k', 'v');
      expect(await cache.expire('k', 50)).toBe(true);
      expect(await cache.ttl('k')).toBeGreaterThan(0);
      expect(await cache.expire('missing', 50)).toBe(false);
      expect(await cache.expire('k', 0)).toBe(true); // a past expiry deletes, like EXPIRE
      expect(await cache.get('k')).toBeNull();
    });

    it('rejects a TTL that is not a positive whole number of seconds', async () => {
      const cache = scoped();
      await expect(cache.set('k', 'v', { ttlSeconds: 0 })).rejects.toThrow(/ttlSeconds/);
      await expect(cache.set('k', 'v', { ttlSeconds: 1.5 })).rejects.toThrow(/ttlSeconds/);
      expect(await cache.get('k')).toBeNull();
    });

    it('sets many keys at once, with a shared TTL', async () => {
      const cache = scoped();
      await cache.setMany([
        ['one', 'uno'],
        ['two', Buffer.from([0x00, 0x80, 0xff])],
      ]);
      expect(await cache.get('one')).toBe('uno');
      expect([...((await cache.getBuffer('two')) ?? [])]).toEqual([0x00, 0x80, 0xff]);
      expect(await cache.ttl('one')).toBe(-1);

      await cache.setMany(
        [
          ['brief', 'x'],
          ['brief2', 'y'],
        ],
        { ttlSeconds: 1 },
      );
      expect(await cache.ttl('brief')).toBeGreaterThan(-1);
      expect(await eventually(async () => (await cache.getBuffers(['brief', 'brief2'])).every((v) => v === null), true)).toBe(true);
      await cache.setMany([]);
    });

    it('keeps each value of a batch whole and its own, whatever the caller does with its buffers', async () => {
      const cache = scoped();
      const reused = Buffer.from('abc');
      const values: Array<string | Buffer> = ['é🛢', reused, '', 'x'.repeat(9), Buffer.alloc(17, 7)];
      await cache.setMany(values.map((value, index) => [`batch:${index}`, value]));
      reused.write('zzz');
      const stored = await cache.getBuffers(values.map((_, index) => `batch:${index}`));
      expect(stored.map((value) => value?.toString('utf8'))).toEqual(['é🛢', 'abc', '', 'x'.repeat(9), '\u0007'.repeat(17)]);
      await cache.set('batch:1', 'replaced');
      expect(await cache.get('batch:2')).toBe('');
      expect(await cache.get('batch:3')).toBe('x'.repeat(9));
    });

    it('deletes keys and says how many existed', async () => {
      const cache = scoped();
      await cache.set('a', '1');
      await cache.set('b', '2');
      expect(await cache.del('a', 'b', 'missing')).toBe(2);
      expect(await cache.del('a')).toBe(0);
      expect(await cache.del()).toBe(0);
      expect(await cache.get('a')).toBeNull();
    });

    it('increments integers, starting from 0 for a missing key, and keeps the TTL', async () => {
      const cache = scoped();
      expect(await cache.incr('counter')).toBe(1);
      expect(await cache.incr('counter')).toBe(2);
      expect(await cache.incr('counter', 10)).toBe(12);
      expect(await cache.incr('counter', -20)).toBe(-8);
      expect(await cache.incr('fresh', 5)).toBe(5);
      expect(await cache.get('counter')).toBe('-8');
      await cache.set('timed', '7', { ttlSeconds: 100 });
      expect(await cache.incr('timed')).toBe(8);
      expect(await cache.ttl('timed')).toBeGreaterThan(0);
      await cache.set('text', 'not a number');
      await expect(cache.incr('text')).rejects.toThrow(/not an integer/);
    });

    it('counts events in a window that opens with the first one, atomically under concurrency', async () => {
      const cache = scoped();
      const first = await cache.countInWindow('limit:a', 60_000);
      expect(first).toEqual({ count: 1, remainingMs: 60_000 });
      const counts = await Promise.all(Array.from({ length: 50 }, () => cache.countInWindow('limit:a', 60_000)));
      expect(counts.map(({ count }) => count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 2));
      for (const { remainingMs } of counts) {
        expect(remainingMs).toBeGreaterThan(0);
        expect(remainingMs).toBeLessThanOrEqual(60_000);
      }
      expect(await cache.countInWindow('limit:b', 60_000)).toEqual({ count: 1, remainingMs: 60_000 });
      await expect(cache.countInWindow('limit:c', 0)).rejects.toThrow(/positive whole number of milliseconds/);
    });

    it('opens a new window once the last one has passed', async () => {
      const cache = scoped();
      await cache.countInWindow('short', 50);
      await cache.countInWindow('short', 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await cache.countInWindow('short', 50)).count).toBe(1);
    });

    it('stores hash fields, strings or blobs, and reads one or all', async () => {
      const cache = scoped();
      await cache.hset('user:1', { role: 'broker', email: 'b@example.com' });
      await cache.hset('user:1', { role: 'admin', blob: Buffer.from('bytes', 'utf8') });
      expect(await cache.hget('user:1', 'role')).toBe('admin');
      expect(await cache.hget('user:1', 'missing')).toBeNull();
      expect(await cache.hget('user:2', 'role')).toBeNull();
      expect(await cache.hgetall('user:1')).toEqual({ role: 'admin', email: 'b@example.com', blob: 'bytes' });
      expect(await cache.hgetall('user:2')).toEqual({});
      await cache.set('plain', 'string');
      await expect(cache.hget('plain', 'x')).rejects.toThrow(/WRONGTYPE/);
      await expect(cache.get('user:1')).rejects.toThrow(/WRONGTYPE/);
    });

    it('switches a pointer atomically, returning the previous value', async () => {
      const cache = scoped();
      expect(await cache.switchPointer('dataset:current', 'v1')).toBeNull();
      expect(await cache.switchPointer('dataset:current', 'v2')).toBe('v1');
      expect(await cache.get('dataset:current')).toBe('v2');
    });

    it('lets concurrent readers see only an old or a new pointer value, never a gap', async () => {
      const cache = scoped();
      await cache.switchPointer('pointer', 'v0');
      const versions = Array.from({ length: 20 }, (_, i) => `v${i + 1}`);
      const reads: Array<Promise<string | null>> = [];
      const previous: Array<string | null> = [];
      for (const version of versions) {
        reads.push(cache.get('pointer'));
        previous.push(await cache.switchPointer('pointer', version));
        reads.push(cache.get('pointer'));
      }
      // Each switch hands back exactly the version the one before installed.
      expect(previous).toEqual(['v0', ...versions.slice(0, -1)]);
      const allowed = new Set(['v0', ...versions]);
      for (const value of await Promise.all(reads)) expect(allowed.has(value ?? 'null')).toBe(true);
      expect(await cache.get('pointer')).toBe('v20');
    });

    it('lists and deletes by prefix only within the view', async () => {
      const namespace = `test:${randomUUID()}:`;
      const cache = root.withPrefix(namespace);
      const neighbour = root.withPrefix(`${namespace.slice(0, -1)}-neighbour:`);
      await cache.setMany([
        ['v1:h3:fac:7:a', 'a'],
        ['v1:h3:fac:7:b', 'b'],
        ['v1:stats', 's'],
        ['v2:h3:fac:7:a', 'a2'],
        ['v1:glob*[x]?', 'odd'],
      ]);
      await neighbour.set('v1:h3:fac:7:a', 'not mine');
      expect(await cache.keys('v1:h3:')).toEqual(['v1:h3:fac:7:a', 'v1:h3:fac:7:b']);
      expect(await cache.keys('v1:glob*')).toEqual(['v1:glob*[x]?']); // glob characters are literal
      expect(await cache.keys('nothing:')).toEqual([]);

      expect(await cache.deleteByPrefix('v1:')).toBe(4);
      expect(await cache.keys('')).toEqual(['v2:h3:fac:7:a']);
      expect(await neighbour.get('v1:h3:fac:7:a')).toBe('not mine');
      expect(await cache.deleteByPrefix('v1:')).toBe(0);
      await expect(root.deleteByPrefix('')).rejects.toThrow(/refuses/);
      await neighbour.deleteByPrefix('');
    });

    it('isolates prefixed views, while the root view sees full keys', async () => {
      const namespace = `test:${randomUUID()}:`;
      const left = root.withPrefix(`${namespace}left:`);
      const right = root.withPrefix(`${namespace}right:`);
      const nested = root.withPrefix(namespace).withPrefix('left:');
      expect(left.prefix).toBe(`${namespace}left:`);
      expect(nested.prefix).toBe(left.prefix);
      expect(root.prefix).toBe('');

      await left.set('shared-name', 'left value');
      await right.set('shared-name', 'right value');
      expect(await left.get('shared-name')).toBe('left value');
      expect(await right.get('shared-name')).toBe('right value');
      expect(await nested.get('shared-name')).toBe('left value');
      expect(await left.keys('')).toEqual(['shared-name']);
      expect(await root.get(`${namespace}left:shared-name`)).toBe('left value');
      expect(await root.keys(namespace)).toEqual([`${namespace}left:shared-name`, `${namespace}right:shared-name`]);

      expect(await left.del('shared-name')).toBe(1);
      expect(await right.get('shared-name')).toBe('right value');
      await left.close(); // a no-op on a view: the shared connection stays open
      expect(await right.ping()).toBe(true);
      await root.del(`${namespace}right:shared-name`);
    });

    it('answers ping while open', async () => {
      expect(await root.ping()).toBe(true);
      expect(await scoped().ping()).toBe(true);
    });

    it('answers ping with false, not an error, once closed', async () => {
      const own = await makeCache();
      await own.close();
      expect(await own.ping()).toBe(false);
    });
  });
}
