/** When a batch closes, and what its writers are told, with the clock under the test's control. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchWriter } from './batch-writer.js';

/** Settles a promise's state without awaiting it, so a test can ask "is it still waiting?". */
function track(promise: Promise<void>): { state: 'pending' | 'written' | 'failed'; error?: unknown } {
  const tracked: { state: 'pending' | 'written' | 'failed'; error?: unknown } = { state: 'pending' };
  promise.then(
    () => (tracked.state = 'written'),
    (error: unknown) => Object.assign(tracked, { state: 'failed', error }),
  );
  return tracked;
}

describe('BatchWriter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the rows of concurrent callers in one insert once maxWaitMs passed since the first row', async () => {
    const inserts: number[][] = [];
    const writer = new BatchWriter<number>({ maxRows: 100, maxWaitMs: 500, flush: async (rows) => void inserts.push(rows) });
    const first = track(writer.write([1, 2]));
    await vi.advanceTimersByTimeAsync(300);
    const second = track(writer.write([3]));
    await vi.advanceTimersByTimeAsync(199);
    expect(inserts).toEqual([]);
    expect([first.state, second.state]).toEqual(['pending', 'pending']);

    await vi.advanceTimersByTimeAsync(1);
    expect(inserts).toEqual([[1, 2, 3]]);
    expect([first.state, second.state]).toEqual(['written', 'written']);
  });

  it('closes a batch as soon as it holds maxRows, without waiting for the timer', async () => {
    const inserts: number[][] = [];
    const writer = new BatchWriter<number>({ maxRows: 3, maxWaitMs: 60_000, flush: async (rows) => void inserts.push(rows) });
    const first = track(writer.write([1, 2]));
    const second = track(writer.write([3, 4]));
    const third = track(writer.write([5]));
    await vi.advanceTimersByTimeAsync(0);
    expect(inserts).toEqual([[1, 2, 3, 4]]);
    expect([first.state, second.state, third.state]).toEqual(['written', 'written', 'pending']);
    expect(writer.pendingRows).toBe(1);
  });

  it('fails every caller of a refused insert, and writes the next batch anyway', async () => {
    let refuse = true;
    const inserts: number[][] = [];
    const writer = new BatchWriter<number>({
      maxRows: 2,
      flush: async (rows) => {
        if (refuse) throw new Error('ClickHouse unavailable');
        inserts.push(rows);
      },
    });
    const first = track(writer.write([1]));
    const second = track(writer.write([2]));
    await vi.advanceTimersByTimeAsync(0);
    expect([first.state, second.state]).toEqual(['failed', 'failed']);
    expect((first.error as Error).message).toBe('ClickHouse unavailable');

    refuse = false;
    const retried = track(writer.write([1, 2]));
    await vi.advanceTimersByTimeAsync(0);
    expect(retried.state).toBe('written');
    expect(inserts).toEqual([[1, 2]]);
  });

  it('runs one insert at a time, in the order the batches closed', async () => {
    const started: number[][] = [];
    const finish: Array<() => void> = [];
    const writer = new BatchWriter<number>({
      maxRows: 1,
      flush: (rows) => {
        started.push(rows);
        return new Promise<void>((resolve) => finish.push(resolve));
      },
    });
    const first = track(writer.write([1]));
    const second = track(writer.write([2]));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([[1]]);

    finish[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(first.state).toBe('written');
    expect(second.state).toBe('pending');
    expect(started).toEqual([[1], [2]]);
    finish[1]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.state).toBe('written');
  });

  it('flushNow writes a partial batch at once', async () => {
    const inserts: number[][] = [];
    const writer = new BatchWriter<number>({ flush: async (rows) => void inserts.push(rows) });
    const pending = track(writer.write([7]));
    await writer.flushNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(inserts).toEqual([[7]]);
    expect(pending.state).toBe('written');
    expect(writer.pendingRows).toBe(0);
  });
});
