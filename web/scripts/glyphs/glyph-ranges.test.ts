import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelGlyphRanges } from './glyph-ranges.js';

const GLYPHS = path.resolve(import.meta.dirname, '../../public/glyphs');

describe('labelGlyphRanges', () => {
  const ranges = labelGlyphRanges();

  it('makes the first range of both label fonts', () => {
    expect(ranges.map((range) => range.path)).toEqual(['NotoSans-Regular/0-255.pbf', 'NotoSans-Bold/0-255.pbf']);
  });

  it('matches the committed files the map is served (regenerate with build-glyphs.ts)', () => {
    for (const range of ranges) expect(Buffer.from(readFileSync(path.join(GLYPHS, range.path))).equals(Buffer.from(range.bytes)), range.path).toBe(true);
  });
});
