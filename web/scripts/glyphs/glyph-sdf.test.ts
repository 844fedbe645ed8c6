import { describe, expect, it } from 'vitest';
import { glyphSdf, outlineSegments, SDF_BORDER, type PathCommand } from './glyph-sdf.js';

/** A 10 x 10 square with its lower left corner at (1, 0), in font units of one pixel each. */
const SQUARE: PathCommand[] = [
  { command: 'moveTo', args: [1, 0] },
  { command: 'lineTo', args: [11, 0] },
  { command: 'lineTo', args: [11, 10] },
  { command: 'lineTo', args: [1, 10] },
  { command: 'closePath', args: [] },
];

describe('glyphSdf', () => {
  const sdf = glyphSdf(SQUARE, 12, 1);
  const columns = sdf.width + 2 * SDF_BORDER;
  const at = (column: number, row: number) => sdf.bitmap[row * columns + column]!;

  it('measures the ink box and the advance in pixels', () => {
    expect(sdf).toMatchObject({ width: 10, height: 10, left: 1, top: 10, advance: 12 });
    expect(sdf.bitmap).toHaveLength(16 * 16);
  });

  it('puts the edge at 192, rising inside and falling outside by 255 / 8 a pixel', () => {
    // Rows run from the top border down; this one crosses the square's middle.
    const middleRow = SDF_BORDER + 5;
    expect(at(SDF_BORDER, middleRow)).toBe(Math.round(255 - 255 * (-0.5 / 8 + 0.25)));
    expect(at(SDF_BORDER - 1, middleRow)).toBe(Math.round(255 - 255 * (0.5 / 8 + 0.25)));
    expect(at(SDF_BORDER + 1, middleRow)).toBe(Math.round(255 - 255 * (-1.5 / 8 + 0.25)));
    expect(at(SDF_BORDER + 5, middleRow)).toBe(255);
    expect(at(0, 0)).toBeLessThan(at(SDF_BORDER - 1, middleRow));
  });

  it('leaves a blank glyph (a space) without a bitmap', () => {
    expect(glyphSdf([], 600, 0.024)).toEqual({ width: 0, height: 0, left: 0, top: 0, advance: 14, bitmap: new Uint8Array(0) });
  });

  it('fills by non-zero winding, so a counter drawn the other way is a hole', () => {
    const ring = (x0: number, y0: number, x1: number, y1: number): PathCommand[] => [
      { command: 'moveTo', args: [x0, y0] },
      { command: 'lineTo', args: [x1, y0] },
      { command: 'lineTo', args: [x1, y1] },
      { command: 'lineTo', args: [x0, y1] },
      { command: 'closePath', args: [] },
    ];
    const framed = glyphSdf([...ring(0, 0, 20, 20), ...ring(5, 15, 15, 5)], 20, 1);
    const centre = (SDF_BORDER + 10) * (20 + 2 * SDF_BORDER) + SDF_BORDER + 10;
    expect(framed.bitmap[centre]).toBeLessThan(192);
  });
});

describe('outlineSegments', () => {
  it('flattens a quadratic curve into pieces that end on its end point', () => {
    const segments = outlineSegments(
      [
        { command: 'moveTo', args: [0, 0] },
        { command: 'quadraticCurveTo', args: [5, 10, 10, 0] },
      ],
      1,
    );
    expect(segments.at(-2)?.slice(2)).toEqual([10, 0]);
    // The curve's peak, at t = 0.5, is half the control point's height.
    expect(segments[3]?.slice(2)).toEqual([5, 5]);
    // The open outline is closed back to where it started.
    expect(segments.at(-1)).toEqual([10, 0, 0, 0]);
  });
});
