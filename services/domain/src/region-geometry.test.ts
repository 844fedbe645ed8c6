import { describe, expect, it } from 'vitest';
import type { Position } from 'geojson';
import { loadRegionShapes, quantizeGeometry } from './region-geometry.js';

const ringsOf = (geometry: ReturnType<typeof loadRegionShapes>[number]['geometry']): Position[][] =>
  geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();

describe('loadRegionShapes', () => {
  it('has every us-atlas state and county, sorted by FIPS, with closed rings of 3-decimal points', () => {
    const states = loadRegionShapes('states');
    const counties = loadRegionShapes('counties');
    expect(states).toHaveLength(56);
    expect(counties).toHaveLength(3231);
    expect(counties.find((county) => county.fips === '10001')?.name).toBe('Kent');
    expect(states.map((state) => state.fips)).toEqual([...states.map((state) => state.fips)].sort());
    for (const shape of [...states, ...counties]) {
      const rings = ringsOf(shape.geometry);
      expect(rings.length).toBeGreaterThan(0);
      for (const ring of rings) {
        expect(ring[0]).toEqual(ring[ring.length - 1]);
        for (const [x, y] of ring) expect([Math.round(x! * 1000) / 1000, Math.round(y! * 1000) / 1000]).toEqual([x, y]);
      }
    }
  });
});

describe('quantizeGeometry', () => {
  it('drops repeats and collapsed islands but never the last polygon', () => {
    const speck: Position[] = [
      [1.00001, 1.00001],
      [1.00002, 1.00001],
      [1.00001, 1.00002],
      [1.00001, 1.00001],
    ];
    const square: Position[] = [
      [0, 0],
      [0.5, 0],
      [0.50001, 0],
      [0.5, 0.5],
      [0, 0.5],
      [0, 0],
    ];
    expect(quantizeGeometry({ type: 'MultiPolygon', coordinates: [[square], [speck]] }, 3)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0.5, 0],
          [0.5, 0.5],
          [0, 0.5],
          [0, 0],
        ],
      ],
    });
    expect(quantizeGeometry({ type: 'Polygon', coordinates: [speck] }, 3)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [1, 1],
          [1, 1],
          [1, 1],
          [1, 1],
        ],
      ],
    });
  });
});
