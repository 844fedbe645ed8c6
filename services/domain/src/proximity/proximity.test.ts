import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_MILES, haversineMiles } from '../geo.js';
import { cellsWithinRadius } from './cover-radius.js';
import { nearestItems } from './nearest-items.js';
import { decodeCellCoordinates, packCell, PackedCell, readPackedItem } from './packed-cell.js';

/** The point `miles` from (lat, lon) on `bearing` degrees (great circle). */
function destination(lat: number, lon: number, bearing: number, miles: number): [number, number] {
  const toRad = Math.PI / 180;
  const angular = miles / EARTH_RADIUS_MILES;
  const φ1 = lat * toRad;
  const λ1 = lon * toRad;
  const θ = bearing * toRad;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(angular) + Math.cos(φ1) * Math.sin(angular) * Math.cos(θ));
  const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(angular) * Math.cos(φ1), Math.cos(angular) - Math.sin(φ1) * Math.sin(φ2));
  return [φ2 / toRad, ((λ2 / toRad + 540) % 360) - 180];
}

describe('cellsWithinRadius', () => {
  // Alaska, Hawaii, Maine, Florida Keys, Los Angeles, and a pentagon-free spot near the pole.
  const queries: Array<[number, number]> = [[64.84, -147.72], [21.31, -157.86], [44.8, -68.77], [24.55, -81.78], [34.05, -118.24], [71.29, -156.79]];

  it('covers every point up to 10 miles away, on the rim included', () => {
    for (const [lat, lon] of queries) {
      const disk = new Set(cellsWithinRadius(lat, lon, 10, 7).cells);
      for (let bearing = 0; bearing < 360; bearing += 7.5) {
        for (const miles of [0.1, 5, 9.99, 10]) {
          const [pLat, pLon] = destination(lat, lon, bearing, miles);
          expect(haversineMiles(lat, lon, pLat, pLon)).toBeCloseTo(miles, 6);
          expect(disk.has(latLngToCell(pLat, pLon, 7))).toBe(true);
        }
      }
    }
  });

  it('chooses more rings where cells are smaller', () => {
    const equator = cellsWithinRadius(0.5, -80, 10, 7).k;
    const arctic = cellsWithinRadius(71.29, -156.79, 10, 7).k;
    expect(equator).toBeGreaterThanOrEqual(10);
    expect(arctic).not.toBe(0);
  });
});

describe('packed cells', () => {
  it('round-trips coordinates and items, and nearestItems sorts and counts within the radius', () => {
    const here = { latitude: 38.9, longitude: -77.0 };
    const items = [
      { id: 'far', latitude: 39.2, longitude: -77.0 }, // about 20.7 miles
      { id: 'near', latitude: 38.91, longitude: -77.0 }, // about 0.69 miles
      { id: 'mid', latitude: 38.95, longitude: -77.0 }, // about 3.45 miles
      { id: 'é "quoted" 🛢', latitude: 38.9, longitude: -77.05 },
    ];
    const blobs = packCell(items.map((item) => ({ latitude: item.latitude, longitude: item.longitude, json: JSON.stringify(item) })));
    const cell = new PackedCell(blobs.coordinates);
    expect(cell.count).toBe(4);
    expect([cell.latitude(3), cell.longitude(3)]).toEqual([38.9, -77.05]);
    expect(readPackedItem(blobs.items, 3)).toEqual(items[3]);
    // The bounding circle holds every item.
    for (const item of items) expect(haversineMiles(cell.centreLatitude, cell.centreLongitude, item.latitude, item.longitude)).toBeLessThanOrEqual(cell.radiusMiles);

    const result = nearestItems([null, decodeCellCoordinates(blobs.coordinates), decodeCellCoordinates(packCell([]).coordinates)], here.latitude, here.longitude, 10, 2);
    expect(result.total).toBe(3);
    expect(result.nearest.map(({ cell: position, index }) => [position, readPackedItem<{ id: string }>(blobs.items, index).id])).toEqual([[1, 'near'], [1, 'é "quoted" 🛢']]);
    expect(result.nearest[0]!.distanceMiles).toBeCloseTo(0.691, 3);
  });
});
