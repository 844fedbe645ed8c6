import { describe, expect, it } from 'vitest';
import { encodeGlyphRange, rangeName } from './glyph-pbf.js';

describe('encodeGlyphRange', () => {
  it('writes glyphs.proto: a stack with its name, range and each glyph', () => {
    const bytes = encodeGlyphRange('F', 0, [{ id: 65, width: 1, height: 1, left: -1, top: -2, advance: 300, bitmap: Uint8Array.of(7) }]);
    // glyph: id 65, bitmap [7], width 1, height 1, left zigzag(-1) = 1, top zigzag(-2) = 3, advance 300 as a two-byte varint.
    const glyph = [0x08, 65, 0x12, 1, 7, 0x18, 1, 0x20, 1, 0x28, 1, 0x30, 3, 0x38, 0xac, 0x02];
    const stack = [0x0a, 1, 0x46, 0x12, 5, ...new TextEncoder().encode('0-255'), 0x1a, glyph.length, ...glyph];
    expect([...bytes]).toEqual([0x0a, stack.length, ...stack]);
  });

  it('leaves the bitmap out of a blank glyph', () => {
    const bytes = encodeGlyphRange('F', 0, [{ id: 32, width: 0, height: 0, left: 0, top: 0, advance: 6, bitmap: new Uint8Array(0) }]);
    expect([...bytes.slice(-12)]).toEqual([0x08, 32, 0x18, 0, 0x20, 0, 0x28, 0, 0x30, 0, 0x38, 6]);
  });
});

describe('rangeName', () => {
  it('names the 256 code points from a start', () => {
    expect(rangeName(256)).toBe('256-511');
  });
});
