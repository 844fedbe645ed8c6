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
});
