/**
 * The LMDB cache's longer strings, kept in segment files beside LMDB and read with pread
 * (lmdb-blob-files.ts), and the upkeep that removes and empties those files
 * (lmdb-segment-upkeep.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.js';
import { createLmdbCache } from './index.js';
import { OUTSIDE_THRESHOLD } from './lmdb-blob-files.js';
import { keepSegments } from './lmdb-segment-upkeep.js';
import { decodeSegment, encodeSegment, segmentKey } from './lmdb-segments.js';
import { appendOutside, closeLmdbStore, openLmdbStore, putOutside, readString, writeTransaction } from './lmdb-store.js';

const KB = 1024;
/** Rounds often and removes dead files at once, so a test sees a whole upkeep in well under a second. */
const QUICK_UPKEEP = { intervalMs: 20, graceMs: 50 };

/** A value of `length` bytes that says which key it belongs to. */
const valueOf = (key: string, length: number) => Buffer.from(`${key}|`.padEnd(length, '.'));

describe('lmdb cache segment files', () => {
  const directories: string[] = [];
  const freshDirectory = () => {
    const directory = mkdtempSync(join(tmpdir(), 'ust-lmdb-segments-'));
    directories.push(directory);
    return directory;
  };
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });
  const segmentFiles = (path: string) => readdirSync(join(path, 'segments')).filter((name) => name.endsWith('.blob'));

  it('keeps strings of 256 bytes or more in segment files, never mapped, and reads them back the same after reopening', async () => {
    const path = freshDirectory();
    const first = createLmdbCache({ path });
    const long = Array.from({ length: 200 }, (_, i) => [`v1:doc:${i}`, valueOf(`v1:doc:${i}`, OUTSIDE_THRESHOLD + i * 37)] as const);
    await first.setMany(long);
    await first.set('v1:short', 'x'.repeat(OUTSIDE_THRESHOLD - 1));
    await first.set('v1:text', 'é'.repeat(OUTSIDE_THRESHOLD));
    expect(segmentFiles(path)).toHaveLength(1);
    const segmentBytes = statSync(join(path, 'segments', segmentFiles(path)[0]!)).size;
    // Every long value, and only those: 'é' is two bytes in UTF-8.
    expect(segmentBytes).toBe(long.reduce((sum, [, value]) => sum + value.length, 0) + 2 * OUTSIDE_THRESHOLD);
    await first.close();

    const second = createLmdbCache({ path });
    const read = await second.getBuffers(long.map(([key]) => key));
    read.forEach((bytes, index) => expect(bytes?.equals(long[index]![1])).toBe(true));
    // Each value has memory of its own: one kept for long must not keep a 64 KB pool slab alive.
    expect(read.every((bytes) => bytes!.buffer.byteLength === bytes!.length)).toBe(true);
    expect(await second.get('v1:short')).toBe('x'.repeat(OUTSIDE_THRESHOLD - 1));
    expect(await second.get('v1:text')).toBe('é'.repeat(OUTSIDE_THRESHOLD));
    const mappedSegments = readFileSync('/proc/self/maps', 'utf8')
      .split('\n')
      .filter((line) => line.includes(join(path, 'segments')));
    expect(mappedSegments).toEqual([]);
    await second.close();
  });

  it('replaces a long string by a short one and back, and a string by a hash, leaving no value behind', async () => {
    const path = freshDirectory();
    const cache = createLmdbCache({ path, segmentBytes: 4 * KB, upkeep: QUICK_UPKEEP });
    await cache.set('k', valueOf('k', 3 * KB));
    await cache.set('k', 'short now');
    expect(await cache.get('k')).toBe('short now');
    await cache.set('k', valueOf('k', 2 * KB));
    expect((await cache.getBuffer('k'))?.equals(valueOf('k', 2 * KB))).toBe(true);
    expect(await cache.switchPointer('k', 'pointer')).toBe(valueOf('k', 2 * KB).toString());
    expect(await cache.incr('n')).toBe(1);
    await cache.set('h', valueOf('h', 2 * KB));
    await expect(cache.hset('h', { field: 'value' })).rejects.toThrow(/WRONGTYPE/);
    expect(await cache.del('h')).toBe(1);
    // A second long value fills the first segment: it is sealed, all of it released, and removed.
    await cache.set('last', valueOf('last', 3 * KB));
    expect(await eventually(async () => segmentFiles(path).length, 1)).toBe(1);
    expect((await cache.getBuffer('last'))?.equals(valueOf('last', 3 * KB))).toBe(true);
    await cache.close();
  });

  it('removes a segment once its keys let go of all of it, and moves the values out of one whose keys hold less than half', async () => {
    const path = freshDirectory();
    const cache = createLmdbCache({ path, segmentBytes: 64 * KB, upkeep: QUICK_UPKEEP });
    const keysOf = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);
    // 64 values of 1 KB fill a segment exactly; each batch after the first starts a new one.
    for (const [prefix, count] of [
      ['a:', 64],
      ['b:', 64],
      ['c:', 32],
    ] as const)
      await cache.setMany(keysOf(prefix, count).map((key) => [key, valueOf(key, KB)]));
    expect(segmentFiles(path)).toHaveLength(3);

    expect(await cache.deleteByPrefix('a:')).toBe(64);
    expect(await cache.del(...keysOf('b:', 40))).toBe(40);
    // a:'s segment is removed; b:'s 24 live values move to c:'s segment, the one being written
    // to, and b:'s segment is removed then.
    expect(await eventually(async () => segmentFiles(path).length, 1)).toBe(1);
    const kept = [...keysOf('b:', 64).slice(40), ...keysOf('c:', 32)];
    const read = await cache.getBuffers(kept);
    read.forEach((bytes, index) => expect(bytes?.equals(valueOf(kept[index]!, KB))).toBe(true));
    const onDisk = segmentFiles(path).reduce((sum, name) => sum + statSync(join(path, 'segments', name)).size, 0);
    expect(onDisk).toBe(kept.length * KB);
    await cache.close();
  });

  it('keeps values of two writers on one directory apart, each readable through the other', async () => {
    const path = freshDirectory();
    const one = createLmdbCache({ path });
    const other = createLmdbCache({ path });
    await Promise.all([
      one.setMany(Array.from({ length: 50 }, (_, i) => [`one:${i}`, valueOf(`one:${i}`, KB + i)])),
      other.setMany(Array.from({ length: 50 }, (_, i) => [`other:${i}`, valueOf(`other:${i}`, KB + i)])),
    ]);
    expect(segmentFiles(path)).toHaveLength(2);
    expect((await other.getBuffer('one:49'))?.equals(valueOf('one:49', KB + 49))).toBe(true);
    expect((await one.getBuffer('other:0'))?.equals(valueOf('other:0', KB))).toBe(true);
    await one.close();
    await other.close();
  });

  it('seals the segment of a writer killed without closing, and removes it once its keys let go of it', async () => {
    const path = freshDirectory();
    const writer = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { createLmdbCache } = await import(${JSON.stringify(new URL('./index.ts', import.meta.url).pathname)});
         const cache = createLmdbCache({ path: ${JSON.stringify(path)} });
         await cache.set('left', Buffer.alloc(${2 * KB}, 7));
         process.kill(process.pid, 'SIGKILL');`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const [, signal] = await once(writer, 'exit');
    expect(signal).toBe('SIGKILL');
    expect(segmentFiles(path)).toHaveLength(1);

    const cache = createLmdbCache({ path, upkeep: QUICK_UPKEEP });
    expect((await cache.getBuffer('left'))?.equals(Buffer.alloc(2 * KB, 7))).toBe(true);
    await cache.del('left');
    expect(await eventually(async () => segmentFiles(path).length, 0)).toBe(0);
    await cache.close();
  });

  it('keeps a segment found dead once keys are pointed at it, and fails a write naming a segment whose record is gone', async () => {
    // The interleaving a writer can cause: it seals a segment it filled before the keys of its
    // last values there are committed. Provoked here on the store itself.
    const path = freshDirectory();
    const store = openLmdbStore(path);
    const value = valueOf('late', 2 * KB);
    const [ref] = await appendOutside(store, [value]);
    const recordOf = () => decodeSegment(store.segments.getBinaryFast(segmentKey(ref!.segment))!);
    const markDead = () =>
      writeTransaction(store, () => store.segments.putSync(segmentKey(ref!.segment), encodeSegment({ ...recordOf(), sealed: true, deadSince: 1 })));
    await markDead();
    await writeTransaction(store, () => putOutside(store, Buffer.from('late'), ref!));
    expect(recordOf().deadSince).toBe(0);

    // Found dead from an earlier look, it is checked again before its file goes.
    await markDead();
    await keepSegments(store, { intervalMs: 0, graceMs: 0 });
    expect(recordOf().deadSince).toBe(0);
    expect(segmentFiles(path)).toHaveLength(1);
    expect(readString(store, Buffer.from('late'))?.equals(value)).toBe(true);

    await writeTransaction(store, () => store.segments.removeSync(segmentKey(ref!.segment)));
    await expect(writeTransaction(store, () => putOutside(store, Buffer.from('later'), ref!))).rejects.toThrow(/was removed while values were written to it/);
    await closeLmdbStore(store);
  });
});
