import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { canReturnFreedMemory, returnFreedMemory, returnFreedMemoryWhenThreadsExit, type FreedMemoryReturned } from './freed-memory.js';

/**
 * A thread's body that allocates about 400 MB outside V8's heap in Buffers of a few kilobytes,
 * as a rebuild's compressed documents are, and ends: its Buffers are freed when it exits, and
 * malloc keeps their pages. allocating-task.fixture.mjs is the same as a piscina task.
 */
const ALLOCATE_AND_END = `
const buffers = [];
for (let i = 0; i < 200_000; i++) buffers.push(Buffer.allocUnsafeSlow(1_000 + (i % 7) * 300).fill(1));
`;
const ALLOCATED_MB = 400;

describe('returning freed memory', () => {
  it('can on this machine: Linux with glibc, where the platform runs', () => {
    expect(canReturnFreedMemory()).toBe(true);
  });

  it("gives back what a thread that has exited allocated outside V8's heap", async () => {
    const thread = new Worker(ALLOCATE_AND_END, { eval: true });
    await once(thread, 'exit');
    const result = await returnFreedMemory();
    expect(result?.returned).toBe(true);
    // Most of the 400 MB was still resident after the thread's exit, and malloc_trim returned it.
    expect(result!.rssBeforeMb - result!.rssAfterMb).toBeGreaterThan(ALLOCATED_MB / 2);
  });

  it("follows each exit of a piscina pool's thread, and logs what went back", async () => {
    const lines: Array<{ thread?: string; freedMemory?: FreedMemoryReturned; msg: string }> = [];
    const log = createLogger('test', { level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const pool = new Piscina({
      filename: new URL('./allocating-task.fixture.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 0,
    });
    returnFreedMemoryWhenThreadsExit(pool, 'allocating', log);
    try {
      for (let run = 1; run <= 2; run++) {
        expect(await pool.run(null)).toBe(200_000);
        await expect.poll(() => lines.filter((line) => line.freedMemory).length, { timeout: 30_000 }).toBe(run);
        const [line] = lines.slice(-1);
        expect(line).toMatchObject({ thread: 'allocating', msg: expect.stringContaining('after the allocating thread') });
        expect(line!.freedMemory!.rssBeforeMb - line!.freedMemory!.rssAfterMb).toBeGreaterThan(ALLOCATED_MB / 2);
      }
    } finally {
      await pool.destroy();
    }
  });
});
