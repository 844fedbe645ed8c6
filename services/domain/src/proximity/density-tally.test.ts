import { cellToLatLng, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { createDensityTally } from './density-tally.js';

describe('createDensityTally', () => {
  // Two sites in Dover about 3 km apart, and one in Wilmington.
  const dover: [number, number] = [39.158, -75.524];
  const doverEast: [number, number] = [39.16, -75.49];
  const wilmington: [number, number] = [39.7391, -75.5398];

  it('counts every point in the cell that holds it at each resolution, centres rounded to 5 decimals', () => {
    const tally = createDensityTally();
    for (const [lat, lon] of [dover, dover, doverEast, wilmington]) tally.add(lat, lon);
    expect(tally.points).toBe(4);

    const coarse = tally.cells(4);
    const doverCell = latLngToCell(dover[0], dover[1], 4);
    expect(latLngToCell(doverEast[0], doverEast[1], 4)).toBe(doverCell);
    const [centreLat, centreLon] = cellToLatLng(doverCell);
    expect(coarse.find(([cell]) => cell === doverCell)).toEqual([doverCell, Math.round(centreLon * 1e5) / 1e5, Math.round(centreLat * 1e5) / 1e5, 3]);

    const fine = tally.cells(7);
    expect(fine.find(([cell]) => cell === latLngToCell(dover[0], dover[1], 7))?.[3]).toBe(2);
    expect(fine.find(([cell]) => cell === latLngToCell(doverEast[0], doverEast[1], 7))?.[3]).toBe(1);
    for (const resolution of [4, 5, 6, 7] as const) {
      const cells = tally.cells(resolution);
      expect(cells.reduce((sum, [, , , count]) => sum + count, 0)).toBe(4);
      expect(cells.map(([cell]) => cell)).toEqual(cells.map(([cell]) => cell).sort());
      for (const [, lon, lat] of cells)
        expect([lon, lat].map((value) => value.toString().split('.')[1]?.length ?? 0).every((decimals) => decimals <= 5)).toBe(true);
    }
  });

  it('has no cells before any point, and refuses a resolution it does not count', () => {
    const tally = createDensityTally([5]);
    expect(tally.cells(5)).toEqual([]);
    expect(() => tally.cells(7)).toThrow('This tally does not count resolution 7');
  });

  it('continues stored counts: taking back points and adding others gives the tally of the points that remain', () => {
    const before = createDensityTally();
    for (const [lat, lon] of [dover, dover, doverEast, wilmington]) before.add(lat, lon);
    const stored = { points: before.points, cells: Object.fromEntries(([4, 5, 6, 7] as const).map((resolution) => [resolution, before.cells(resolution)])) };
    const continued = createDensityTally(undefined, stored);
    continued.remove(wilmington[0], wilmington[1]);
    continued.remove(dover[0], dover[1]);
    continued.add(doverEast[0], doverEast[1]);
    const direct = createDensityTally();
    for (const [lat, lon] of [dover, doverEast, doverEast]) direct.add(lat, lon);
    expect(continued.points).toBe(3);
    for (const resolution of [4, 5, 6, 7] as const) expect(continued.cells(resolution)).toEqual(direct.cells(resolution));
    expect(() => continued.remove(wilmington[0], wilmington[1])).toThrow(/^No point was counted in \w+ \(resolution \d\) to take back$/);
  });
});
