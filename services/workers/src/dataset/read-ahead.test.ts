import { describe, expect, it } from 'vitest';
import { keysetPages, mapInSlices, readAhead, WriteBehind } from './read-ahead.js';

const rows = Array.from({ length: 25 }, (_, index) => ({ id: `k${String(index).padStart(2, '0')}` }));
/** Rows above `after`, in key order, as a keyset-paged query answers. */
const readRows = (after: string, limit: number) => Promise.resolve(rows.filter((row) => row.id > after).slice(0, limit));

describe('readAhead', () => {
  it('asks for the next page as soon as a page arrives, before the caller works on it', async () => {
    const events: string[] = [];
    const pages = readAhead<number>((previous) => {
      const page = previous === undefined ? 1 : previous + 1;
      if (page > 3) return undefined;
      events.push(`read ${page}`);
      return Promise.resolve(page);
    });
    for await (const page of pages) events.push(`work ${page}`);
    expect(events).toEqual(['read 1', 'read 2', 'work 1', 'read 3', 'work 2', 'work 3']);
  });

  it('surfaces a failed read ahead when the caller reaches it, not as an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const pages = readAhead<number>((previous) => (previous === undefined ? Promise.resolve(1) : Promise.reject(new Error('page 2 refused'))));
      const seen: number[] = [];
      const reading = (async () => {
        for await (const page of pages) {
          seen.push(page);
          // The caller is busy while the read ahead fails.
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await expect(reading).rejects.toThrow('page 2 refused');
      expect(seen).toEqual([1]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('keysetPages', () => {
  it('reads every row once, in key order, and stops at the first page shorter than the page size', async () => {
    const afters: string[] = [];
    const pages: string[][] = [];
    for await (const page of keysetPages(
      (after) => {
        afters.push(after);
        return readRows(after, 10);
      },
      (row) => row.id,
      10,
    ))
      pages.push(page.map((row) => row.id));
    expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(rows.map((row) => row.id));
    expect(afters).toEqual(['', 'k09', 'k19']);
  });

  it('yields one empty page when there are no rows', async () => {
    const pages: unknown[][] = [];
    for await (const page of keysetPages(
      () => Promise.resolve([] as Array<{ id: string }>),
      (row) => row.id,
      10,
    ))
      pages.push(page);
    expect(pages).toEqual([[]]);
  });
});

describe('WriteBehind', () => {
  it('keeps one write in flight: the next waits for it, and flush waits for the last', async () => {
    const events: string[] = [];
    const writes = new WriteBehind();
    const slowWrite = (name: string) => async () => {
      events.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      events.push(`end ${name}`);
    };
    await writes.write(slowWrite('a'));
    events.push('prepared b');
    await writes.write(slowWrite('b'));
    await writes.flush();
    expect(events).toEqual(['start a', 'prepared b', 'end a', 'start b', 'end b']);
  });

  it('throws a failed write at the next write and at flush', async () => {
    const writes = new WriteBehind();
    await writes.write(() => Promise.reject(new Error('insert refused')));
    await expect(writes.write(() => Promise.resolve())).rejects.toThrow('insert refused');
    await expect(writes.flush()).rejects.toThrow('insert refused');
  });
});

describe('mapInSlices', () => {
  it('maps every item in order and lets the event loop turn during a long map', async () => {
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 0);
    const busy = (value: number) => {
      const until = performance.now() + 1;
      while (performance.now() < until);
      return value * 2;
    };
    const items = Array.from({ length: 60 }, (_, index) => index);
    const mapped = await mapInSlices(items, busy);
    clearInterval(ticking);
    expect(mapped).toEqual(items.map((value) => value * 2));
    expect(turns).toBeGreaterThan(0);
  });
});
