import { describe, expect, it } from 'vitest';
import { Fifo } from './fifo.js';

describe('Fifo', () => {
  it('keeps order through push, shift, take and returnToFront, past its compaction point', () => {
    const fifo = new Fifo<number>();
    for (let n = 0; n < 5_000; n++) fifo.push(n);
    for (let n = 0; n < 3_000; n++) expect(fifo.shift()).toBe(n);
    expect(fifo.length).toBe(2_000);
    const batch = fifo.take(10);
    expect(batch).toEqual([3000, 3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009]);
    fifo.push(5_000);
    fifo.returnToFront(batch);
    expect(fifo.length).toBe(2_001);
    expect(fifo.take(2_001)).toEqual(Array.from({ length: 2_001 }, (_, index) => 3_000 + index));
    expect(fifo.shift()).toBeUndefined();
    expect(fifo.length).toBe(0);
  });

  it('keeps the summed weight of what it holds through every way in and out', () => {
    const fifo = new Fifo<string>((item) => Buffer.byteLength(item, 'utf8'));
    for (const item of ['a', 'é', '漢', '😀']) fifo.push(item);
    expect(fifo.weight).toBe(1 + 2 + 3 + 4);
    // Within 4 bytes: 'a' and 'é'; '漢' would make 6.
    const batch = fifo.takeWithin(10, 4);
    expect(batch).toEqual(['a', 'é']);
    expect(fifo.weight).toBe(7);
    fifo.returnToFront(batch);
    expect(fifo.weight).toBe(10);
    expect(fifo.shift()).toBe('a');
    expect(fifo.take(2)).toEqual(['é', '漢']);
    expect(fifo.weight).toBe(4);
    // One item heavier than the budget still moves.
    expect(fifo.takeWithin(10, 1)).toEqual(['😀']);
    expect(fifo.weight).toBe(0);
  });
});
