/**
 * The small locator drawing of an exposure sheet: a county's outline (the us-atlas shapes the
 * region documents are built from) and the facility's point, projected into a box as SVG path
 * data, so the print page and the PDF draw the same picture from one answer.
 */
import type { Position } from 'geojson';
import type { LocatorDrawing } from '@ust/schemas';
import { loadRegionShapes, type RegionShape } from './region-geometry.js';

/** The longer side of the box. @defaultValue 200 */
export const LOCATOR_SIZE = 200;
/** Room left around the outline, as a fraction of the longer side. */
const MARGIN = 0.06;

let countiesByFips: Map<string, RegionShape> | undefined;

function countyShape(fips: string): RegionShape | undefined {
  countiesByFips ??= new Map(loadRegionShapes('counties').map((shape) => [shape.fips, shape]));
  return countiesByFips.get(fips);
}

/**
 * The county `fips` and the point, or null when the county has no shape or the point is
 * missing. A point outside its county (a coordinate the source got wrong) widens the box so it
 * still shows.
 */
export function drawCountyLocator(fips: string | null, latitude: number | null, longitude: number | null, size = LOCATOR_SIZE): LocatorDrawing | null {
  if (!fips || latitude === null || longitude === null) return null;
  const shape = countyShape(fips);
  if (!shape) return null;
  const rings: Position[][] = shape.geometry.type === 'Polygon' ? shape.geometry.coordinates : shape.geometry.coordinates.flat();
  let west = longitude;
  let east = longitude;
  let south = latitude;
  let north = latitude;
  for (const ring of rings)
    for (const [x, y] of ring) {
      west = Math.min(west, x!);
      east = Math.max(east, x!);
      south = Math.min(south, y!);
      north = Math.max(north, y!);
    }
  const xScale = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * xScale, 1e-6);
  const spanY = Math.max(north - south, 1e-6);
  const inner = size * (1 - 2 * MARGIN);
  const scale = inner / Math.max(spanX, spanY);
  const width = round(spanX * scale + 2 * size * MARGIN);
  const height = round(spanY * scale + 2 * size * MARGIN);
  const margin = size * MARGIN;
  const project = (x: number, y: number): [number, number] => [round(margin + (x - west) * xScale * scale), round(margin + (north - y) * scale)];
  const outline = rings.map((ring) => ring.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${project(x!, y!).join(' ')}`).join('') + 'Z').join('');
  const [px, py] = project(longitude, latitude);
  return { width, height, county_name: shape.name, outline, point: { x: px, y: py } };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
