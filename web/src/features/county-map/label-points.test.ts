import type { MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { labelPointOf, poleOfInaccessibility } from './label-points';

describe('poleOfInaccessibility', () => {
  it('finds the centre of a square', () => {
    const [x, y] = poleOfInaccessibility(
      [
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
          [0, 0],
        ],
      ],
      0.01,
    );
    expect(x).toBeCloseTo(2, 1);
    expect(y).toBeCloseTo(2, 1);
  });

  it('keeps an L-shaped region’s point inside, where the centroid would fall outside', () => {
    // An L: a 10 x 2 bar along the bottom and a 2 x 10 bar up the left; its centroid (about 2.9, 2.9) is outside.
    const shape = [
      [
        [0, 0],
        [10, 0],
        [10, 2],
        [2, 2],
        [2, 10],
        [0, 10],
        [0, 0],
      ],
    ];
    const [x, y] = poleOfInaccessibility(shape, 0.001);
    // Where the bars meet: as far from the outer sides as from the inner corner (2, 2), x = √2 (2 - x).
    const pole = (2 * Math.SQRT2) / (1 + Math.SQRT2);
    expect(x).toBeCloseTo(pole, 2);
    expect(y).toBeCloseTo(pole, 2);
  });

  it('stays out of a hole', () => {
    const framed = [
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      [
        [2, 2],
        [2, 8],
        [8, 8],
        [8, 2],
        [2, 2],
      ],
    ];
    const [x, y] = poleOfInaccessibility(framed, 0.01);
    expect(x > 2 && x < 8 && y > 2 && y < 8).toBe(false);
  });
});

describe('labelPointOf', () => {
  it('labels a multipolygon on its largest part', () => {
    const island: Polygon['coordinates'] = [
      [
        [20, 20],
        [21, 20],
        [21, 21],
        [20, 21],
        [20, 20],
      ],
    ];
    const mainland: Polygon['coordinates'] = [
      [
        [0, 0],
        [6, 0],
        [6, 6],
        [0, 6],
        [0, 0],
      ],
    ];
    const geometry: MultiPolygon = { type: 'MultiPolygon', coordinates: [island, mainland] };
    const [x, y] = labelPointOf(geometry, 0.01);
    expect(x).toBeCloseTo(3, 1);
    expect(y).toBeCloseTo(3, 1);
  });
});
