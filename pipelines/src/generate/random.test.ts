import { describe, expect, it } from 'vitest';
import { hashSeed, mixSeed, Random, Weighted } from './random.js';

describe('Random (mulberry32)', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = new Random(2024);
    const b = new Random(2024);
    const values = Array.from({ length: 1_000 }, () => a.next());
    expect(values).toEqual(Array.from({ length: 1_000 }, () => b.next()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Random(2025).next()).not.toBe(values[0]);
  });

  it('draws integers in their closed range, each value about equally often', () => {
    const random = new Random(1);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[random.int(1, 6) - 1]!++;
    for (const count of counts) expect(count).toBeGreaterThan(9_500);
  });

  it('gives geometric draws the requested mean and normal draws mean 0, deviation 1', () => {
    const random = new Random(3);
    const n = 100_000;
    const geometric = Array.from({ length: n }, () => random.geometric(2.1));
    expect(geometric.reduce((sum, value) => sum + value, 0) / n).toBeCloseTo(2.1, 1);
    const normal = Array.from({ length: n }, () => random.normal());
    const mean = normal.reduce((sum, value) => sum + value, 0) / n;
    expect(mean).toBeCloseTo(0, 1);
    expect(Math.sqrt(normal.reduce((sum, value) => sum + (value - mean) ** 2, 0) / n)).toBeCloseTo(1, 1);
  });
});

describe('Weighted', () => {
  it('samples values in proportion to their weights', () => {
    const table = new Weighted([
      ['a', 1],
      ['b', 3],
      ['c', 0],
    ] as const);
    const random = new Random(9);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 40_000; i++) counts[table.sample(random)]++;
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(2.8);
    expect(counts.b / counts.a).toBeLessThan(3.2);
  });
});

describe('seeds', () => {
  it('hashes labelled parts to distinct, stable 32-bit seeds', () => {
    expect(hashSeed('ust', 1, 'TX')).toBe(hashSeed('ust', 1, 'TX'));
    expect(hashSeed('ust', 1, 'TX')).not.toBe(hashSeed('ust', 1, 'TN'));
    expect(hashSeed('ust', 11, 'X')).not.toBe(hashSeed('ust', 1, '1X'));
    const seeds = new Set(Array.from({ length: 10_000 }, (_, n) => mixSeed(77, n)));
    expect(seeds.size).toBe(10_000);
  });
});
