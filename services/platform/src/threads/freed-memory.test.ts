import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { canReturnFreedMemory, returnFreedMemory, returnFreedMemoryWhenThreadsExit, type FreedMemoryReturned } from './freed-memory.js';

/** Allocates about 400 MB outside V8's heap as a piscina task; its Buffers are freed with its thread, and malloc keeps their pages. */
const ALLOCATING_TASK = new URL('./allocating-task.fixture.mjs', import.meta.url).href;
const ALLOCATED_MB = 400;

describe('returning freed memory', () => {
  it('can on this machine: Linux with glibc, where the platform runs', () => {
    expect(canReturnFreedMemory()).toBe(true);
  });

  it("gives back what a thread that has exited allocated outside V8's heap", async () => {
    const thread = new Worker(`import(${JSON.stringify(ALLOCATING_TASK)}).then((task) => task.default());`, { eval: true });
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
      filename: ALLOCATING_TASK,
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
