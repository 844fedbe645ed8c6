import { describe, expect, it } from 'vitest';
import { PolygonGrid, pointInRings, type Ring } from './point-in-polygon.js';

// A 2x2 degree square with a 1x1 hole, and a triangle touching it; edges on cell borders.
const square: Ring[] = [
  [
    [-100, 40],
    [-98, 40],
    [-98, 42],
    [-100, 42],
  ],
  [
    [-99.5, 40.5],
    [-98.5, 40.5],
    [-98.5, 41.5],
    [-99.5, 41.5],
  ],
];
const triangle: Ring[] = [
  [
    [-98, 40],
    [-96, 41],
    [-98, 42],
  ],
];
const hole: Ring[] = [square[1]!];

/** Deterministic pseudo-random sequence (the test must not depend on Math.random). */
function* sequence(seed: number): Generator<number> {
  let state = seed;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

describe('PolygonGrid', () => {
  it.each([0.1, 0.25, 0.5, 1])('agrees with the plain even-odd test on 20,000 points (cells of %s degrees)', (cellDegrees) => {
    const grid = new PolygonGrid([square, triangle, hole], { cellDegrees });
    const random = sequence(7);
    for (let i = 0; i < 20_000; i++) {
      const x = -101 + 6 * random.next().value!;
      const y = 39 + 4 * random.next().value!;
      const expected = pointInRings(x, y, square) ? 0 : pointInRings(x, y, triangle) ? 1 : pointInRings(x, y, hole) ? 2 : -1;
      expect(grid.find(x, y), `${x},${y}`).toBe(expected);
    }
  });

  it('answers for points exactly on cell borders and on round coordinates', () => {
    const grid = new PolygonGrid([square, triangle, hole], { cellDegrees: 0.5 });
    expect(grid.find(-99.75, 40.25)).toBe(0);
    expect(grid.find(-99, 41)).toBe(2);
    expect(grid.find(-97.5, 41)).toBe(1);
    expect(grid.find(-95.5, 41)).toBe(-1);
    expect(grid.find(-99.8, 41.0)).toBe(0);
  });
});
