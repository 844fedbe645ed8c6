/**
 * One glyph's signed distance field, the bitmap MapLibre draws text from: each pixel holds how
 * far its centre lies from the glyph's outline, 192 on the edge, more inside, less outside,
 * clamped to 0-255. The scale matches MapLibre's own SDF glyphs (tiny-sdf, fontnik): 24 px
 * glyphs, a 3 px border around each, 8 px of distance across the ramp, the edge at 0.75.
 */

/** Outline commands as fontkit gives them, in font units, y up. */
export interface PathCommand {
  command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath';
  args: number[];
}

export interface GlyphSdf {
  /** Ink box in pixels, without the border. */
  width: number;
  height: number;
  /** Left edge of the ink box from the pen, in pixels. */
  left: number;
  /** Top edge of the ink box from the baseline, in pixels, y up. */
  top: number;
  advance: number;
  /** (width + 2 * SDF_BORDER) * (height + 2 * SDF_BORDER) bytes, rows from the top; empty for a blank glyph. */
  bitmap: Uint8Array;
}

export const GLYPH_SIZE_PX = 24;
export const SDF_BORDER = 3;
const SDF_RADIUS = 8;
const SDF_CUTOFF = 0.25;
/** Straight pieces per curve: at 24 px a curve's chord error stays far below a pixel. */
const CURVE_STEPS = 8;

type Segment = [number, number, number, number];

/** The outline as straight segments in pixels (y up), curves flattened. */
export function outlineSegments(commands: readonly PathCommand[], scale: number): Segment[] {
  const segments: Segment[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  const lineTo = (toX: number, toY: number) => {
    if (toX !== x || toY !== y) segments.push([x, y, toX, toY]);
    [x, y] = [toX, toY];
  };
  for (const { command, args } of commands) {
    const a = args.map((value) => value * scale);
    if (command === 'moveTo') {
      if (x !== startX || y !== startY) lineTo(startX, startY);
      [x, y, startX, startY] = [a[0]!, a[1]!, a[0]!, a[1]!];
    } else if (command === 'lineTo') lineTo(a[0]!, a[1]!);
    else if (command === 'quadraticCurveTo') {
      const [x0, y0] = [x, y];
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        lineTo(u * u * x0 + 2 * u * t * a[0]! + t * t * a[2]!, u * u * y0 + 2 * u * t * a[1]! + t * t * a[3]!);
      }
    } else if (command === 'bezierCurveTo') {
      const [x0, y0] = [x, y];
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        const [b0, b1, b2, b3] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
        lineTo(b0 * x0 + b1 * a[0]! + b2 * a[2]! + b3 * a[4]!, b0 * y0 + b1 * a[1]! + b2 * a[3]! + b3 * a[5]!);
      }
    } else lineTo(startX, startY);
  }
  if (x !== startX || y !== startY) lineTo(startX, startY);
  return segments;
}

function distanceToSegment(px: number, py: number, [x0, y0, x1, y1]: Segment): number {
  const [dx, dy] = [x1 - x0, y1 - y0];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / lengthSquared));
  return Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy));
}

/** Non-zero winding: TrueType and CFF outlines both fill by it. */
function isInside(px: number, py: number, segments: readonly Segment[]): boolean {
  let winding = 0;
  for (const [x0, y0, x1, y1] of segments) {
    if (y0 <= py ? y1 > py : y1 <= py) {
      const crossX = x0 + ((py - y0) / (y1 - y0)) * (x1 - x0);
      if (crossX > px) winding += y1 > y0 ? 1 : -1;
    }
  }
  return winding !== 0;
}

/** The glyph's field; `scale` turns font units into pixels. */
export function glyphSdf(commands: readonly PathCommand[], advanceWidth: number, scale: number): GlyphSdf {
  const advance = Math.round(advanceWidth * scale);
  const segments = outlineSegments(commands, scale);
  if (segments.length === 0) return { width: 0, height: 0, left: 0, top: 0, advance, bitmap: new Uint8Array(0) };
  const xs = segments.flatMap(([x0, , x1]) => [x0, x1]);
  const ys = segments.flatMap(([, y0, , y1]) => [y0, y1]);
  const left = Math.floor(Math.min(...xs));
  const bottom = Math.floor(Math.min(...ys));
  const width = Math.ceil(Math.max(...xs)) - left;
  const top = Math.ceil(Math.max(...ys));
  const height = top - bottom;
  const [columns, rows] = [width + 2 * SDF_BORDER, height + 2 * SDF_BORDER];
  const bitmap = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    const py = top + SDF_BORDER - row - 0.5;
    for (let column = 0; column < columns; column++) {
      const px = left - SDF_BORDER + column + 0.5;
      let distance = Infinity;
      for (const segment of segments) distance = Math.min(distance, distanceToSegment(px, py, segment));
      const signed = isInside(px, py, segments) ? -distance : distance;
      bitmap[row * columns + column] = Math.max(0, Math.min(255, Math.round(255 - 255 * (signed / SDF_RADIUS + SDF_CUTOFF))));
    }
  }
  return { width, height, left, top, advance, bitmap };
}
