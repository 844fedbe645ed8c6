import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLmdbCache } from './lmdb-cache.js';
import { createMemoryCache } from './memory-cache.js';
import { windowCounterFor } from './window-counter.js';

describe('windowCounterFor', () => {
  const directories: string[] = [];
  afterEach(async () => {
    for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true });
  });

  it('counts beside an LMDB cache in process memory, writing nothing to it', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'ust-window-counter-'));
    directories.push(directory);
    const cache = createLmdbCache({ path: directory });
    const counter = windowCounterFor(cache);
    expect(counter.counts).toBe('process');
    expect(await counter.countInWindow('ratelimit:a', 60_000)).toEqual({ count: 1, remainingMs: 60_000 });
    expect((await counter.countInWindow('ratelimit:a', 60_000)).count).toBe(2);
    expect((await counter.countInWindow('ratelimit:b', 60_000)).count).toBe(1);
    await expect(counter.countInWindow('ratelimit:c', 0)).rejects.toThrow(/positive whole number of milliseconds/);
    expect(await cache.keys('')).toEqual([]);
    await counter.close();
    await cache.close();
  });

  it('keeps two counters apart: a restarted gateway starts a new window', async () => {
    const cache = createMemoryCache();
    const before = windowCounterFor(cache);
    await before.countInWindow('ratelimit:a', 60_000);
    await before.close();
    const after = windowCounterFor(cache);
    expect((await after.countInWindow('ratelimit:a', 60_000)).count).toBe(1);
    await after.close();
    await cache.close();
  });
});
