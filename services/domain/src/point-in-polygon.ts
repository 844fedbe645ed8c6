/**
 * Point-in-polygon lookups over many non-overlapping polygons (counties), in planar
 * longitude/latitude degrees.
 *
 * Why a grid with a precomputed reference point per cell: a plain bounding-box filter still
 * tests a few polygons of dozens to hundreds of vertices per point. Here every grid cell keeps,
 * per polygon that touches it, only the polygon's edges that cross the cell and whether the
 * cell's reference point lies inside the polygon (found once for all cells by a scanline pass).
 * A point is then inside the polygon when the reference point is, flipped once per edge that
 * the segment point -> reference point crosses; that segment lies inside the cell, so only the
 * cell's few edges can cross it. Cells without any edge are answered by the flag alone.
 */

/** A ring of [longitude, latitude] positions (closed or not; the closing edge is implied). */
export type Ring = readonly (readonly number[])[];

interface Candidate {
  polygon: number;
  referenceInside: boolean;
  /** x1, y1, x2, y2 per edge. */
  edges: Float64Array;
}

/** Coordinates are shifted so that cell indices are non-negative everywhere on the globe. */
const X_OFFSET = 180;
const Y_OFFSET = 90;
/** Widens edge rasterisation so that an edge on a cell border is listed in both cells. */
const EPSILON = 1e-9;
/**
 * Where a cell's reference point sits inside it, as a fraction of the cell. Not the exact
 * middle: boundaries are often drawn through round coordinates, and a reference point lying on
 * an edge would make its inside flag meaningless.
 */
const REFERENCE_X = 0.5123456789;
const REFERENCE_Y = 0.4876543211;

export interface PolygonGridOptions {
  /**
   * Grid cell size in degrees: smaller cells mean fewer edges per lookup but more cells.
   * @defaultValue 0.1
   */
  cellDegrees?: number;
}

export class PolygonGrid {
  readonly #size: number;
  readonly #columns: number;
  readonly #cells = new Map<number, Candidate[]>();

  /** `polygons[i]` holds every ring (outer rings and holes of all parts) of polygon i. */
  constructor(polygons: readonly (readonly Ring[])[], options: PolygonGridOptions = {}) {
    this.#size = options.cellDegrees ?? 0.1;
    this.#columns = Math.ceil(360 / this.#size) + 2;
    const edgesByCell = new Map<number, Map<number, number[]>>();
    const insideByCell = new Map<number, Set<number>>();
    polygons.forEach((rings, polygon) => {
      const crossingsByRow = new Map<number, number[]>();
      for (const ring of rings) {
        forEachEdge(ring, (x1, y1, x2, y2) => {
          this.#rasteriseEdge(x1, y1, x2, y2, (key) => {
            let byPolygon = edgesByCell.get(key);
            if (!byPolygon) edgesByCell.set(key, (byPolygon = new Map()));
            let edges = byPolygon.get(polygon);
            if (!edges) byPolygon.set(polygon, (edges = []));
            edges.push(x1, y1, x2, y2);
          });
          this.#crossRowCentres(x1, y1, x2, y2, crossingsByRow);
        });
      }
      for (const [row, xs] of crossingsByRow) {
        xs.sort((a, b) => a - b);
        for (let i = 0; i + 1 < xs.length; i += 2) {
          this.#forEachCentreBetween(xs[i]!, xs[i + 1]!, (column) => {
            const key = row * this.#columns + column;
            let inside = insideByCell.get(key);
            if (!inside) insideByCell.set(key, (inside = new Set()));
            inside.add(polygon);
          });
        }
      }
    });
    for (const key of new Set([...edgesByCell.keys(), ...insideByCell.keys()])) {
      const byPolygon = edgesByCell.get(key);
      const inside = insideByCell.get(key);
      const polygonsHere = new Set([...(byPolygon?.keys() ?? []), ...(inside ?? [])]);
      const candidates: Candidate[] = [];
      for (const polygon of polygonsHere) {
        candidates.push({
          polygon,
          referenceInside: inside?.has(polygon) ?? false,
          edges: Float64Array.from(byPolygon?.get(polygon) ?? []),
        });
      }
      // A polygon without edges in the cell covers it entirely: try it first.
      candidates.sort((a, b) => a.edges.length - b.edges.length || a.polygon - b.polygon);
      this.#cells.set(key, candidates);
    }
  }

  /** Index of the polygon containing (x, y), or -1. */
  find(x: number, y: number): number {
    const column = Math.floor((x + X_OFFSET) / this.#size);
    const row = Math.floor((y + Y_OFFSET) / this.#size);
    const candidates = this.#cells.get(row * this.#columns + column);
    if (!candidates) return -1;
    const cx = this.#referenceX(column);
    const cy = this.#referenceY(row);
    for (const { polygon, referenceInside, edges } of candidates) {
      let inside = referenceInside;
      for (let i = 0; i < edges.length; i += 4) {
        if (segmentsCross(x, y, cx, cy, edges[i]!, edges[i + 1]!, edges[i + 2]!, edges[i + 3]!)) inside = !inside;
      }
      if (inside) return polygon;
    }
    return -1;
  }

  #referenceX(column: number): number {
    return (column + REFERENCE_X) * this.#size - X_OFFSET;
  }

  #referenceY(row: number): number {
    return (row + REFERENCE_Y) * this.#size - Y_OFFSET;
  }

  /** Calls `visit` with the key of every cell the edge may touch (a superset, never fewer). */
  #rasteriseEdge(x1: number, y1: number, x2: number, y2: number, visit: (key: number) => void): void {
    const s = this.#size;
    const minX = Math.min(x1, x2);
    const maxX = Math.max(x1, x2);
    const firstColumn = Math.floor((minX - EPSILON + X_OFFSET) / s);
    const lastColumn = Math.floor((maxX + EPSILON + X_OFFSET) / s);
    for (let column = firstColumn; column <= lastColumn; column++) {
      // The part of the edge inside this column's x-span, then the rows it covers.
      const left = Math.max(minX, column * s - X_OFFSET);
      const right = Math.min(maxX, (column + 1) * s - X_OFFSET);
      const yLeft = x1 === x2 ? y1 : y1 + ((left - x1) * (y2 - y1)) / (x2 - x1);
      const yRight = x1 === x2 ? y2 : y1 + ((right - x1) * (y2 - y1)) / (x2 - x1);
      const firstRow = Math.floor((Math.min(yLeft, yRight) - EPSILON + Y_OFFSET) / s);
      const lastRow = Math.floor((Math.max(yLeft, yRight) + EPSILON + Y_OFFSET) / s);
      for (let row = firstRow; row <= lastRow; row++) visit(row * this.#columns + column);
    }
  }

  /** Records where the edge crosses the horizontal lines through the reference points (half-open in y). */
  #crossRowCentres(x1: number, y1: number, x2: number, y2: number, crossingsByRow: Map<number, number[]>): void {
    const minY = Math.min(y1, y2);
    const maxY = Math.max(y1, y2);
    if (minY === maxY) return;
    let row = Math.ceil((minY + Y_OFFSET) / this.#size - REFERENCE_Y);
    while (this.#referenceY(row) < minY) row++;
    while (this.#referenceY(row - 1) >= minY) row--;
    for (; this.#referenceY(row) < maxY; row++) {
      const y = this.#referenceY(row);
      const x = x1 + ((y - y1) * (x2 - x1)) / (y2 - y1);
      let xs = crossingsByRow.get(row);
      if (!xs) crossingsByRow.set(row, (xs = []));
      xs.push(x);
    }
  }

  /** Calls `visit` for every column whose reference x lies in [from, to). */
  #forEachCentreBetween(from: number, to: number, visit: (column: number) => void): void {
    let column = Math.ceil((from + X_OFFSET) / this.#size - REFERENCE_X);
    while (this.#referenceX(column) < from) column++;
    while (this.#referenceX(column - 1) >= from) column--;
    for (; this.#referenceX(column) < to; column++) visit(column);
  }
}

function forEachEdge(ring: Ring, visit: (x1: number, y1: number, x2: number, y2: number) => void): void {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    if (a[0] === b[0] && a[1] === b[1]) continue;
    visit(a[0]!, a[1]!, b[0]!, b[1]!);
  }
}

/**
 * True when segment p-c crosses edge a-b. Edge endpoints on the line p-c count as above it
 * (half-open), so a vertex shared by two edges is counted once, like the scanline does.
 */
function segmentsCross(px: number, py: number, cx: number, cy: number, ax: number, ay: number, bx: number, by: number): boolean {
  const aSide = (cx - px) * (ay - py) - (cy - py) * (ax - px) >= 0;
  const bSide = (cx - px) * (by - py) - (cy - py) * (bx - px) >= 0;
  if (aSide === bSide) return false;
  const pSide = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  const cSide = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return (pSide > 0 && cSide < 0) || (pSide < 0 && cSide > 0);
}

/** Even-odd test of one point against a polygon's rings, without an index (tests, small inputs). */
export function pointInRings(x: number, y: number, rings: readonly Ring[]): boolean {
  let inside = false;
  for (const ring of rings) {
    forEachEdge(ring, (x1, y1, x2, y2) => {
      if (y1 > y !== y2 > y && x < x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
    });
  }
  return inside;
}
