/**
 * The platform's own label fonts as MapLibre glyph ranges, made from Noto Sans (SIL Open Font
 * License 1.1), shipped in the @fontsource/noto-sans package. Labels are US place names, all in
 * Latin-1, so only the first range is made; map-labels.test.ts checks every label against it.
 */
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';
import { encodeGlyphRange, rangeName, type RangeGlyph } from './glyph-pbf.js';
import { GLYPH_SIZE_PX, glyphSdf } from './glyph-sdf.js';

export const LABEL_FONTS = [
  { fontstack: 'NotoSans-Regular', file: '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff' },
  { fontstack: 'NotoSans-Bold', file: '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff' },
] as const;

export const GLYPH_RANGE_STARTS = [0] as const;

export interface GlyphRangeFile {
  /** Relative to the glyphs folder: `NotoSans-Regular/0-255.pbf`. */
  path: string;
  bytes: Uint8Array;
}

const require = createRequire(import.meta.url);

/** One font's range: every code point the font draws, control characters left out. */
function rangeGlyphs(font: Font, start: number): RangeGlyph[] {
  const scale = GLYPH_SIZE_PX / font.unitsPerEm;
  // MapLibre places a glyph's top relative to the line's ascender, as fontnik writes it.
  const ascender = Math.round(font.ascent * scale);
  const glyphs: RangeGlyph[] = [];
  for (let id = start; id < start + 256; id++) {
    if (id < 0x20 || (id >= 0x7f && id < 0xa0) || !font.hasGlyphForCodePoint(id)) continue;
    const glyph = font.glyphForCodePoint(id);
    const sdf = glyphSdf(glyph.path.commands, glyph.advanceWidth, scale);
    glyphs.push({ id, ...sdf, top: sdf.top - ascender });
  }
  return glyphs;
}

export function labelGlyphRanges(): GlyphRangeFile[] {
  const files: GlyphRangeFile[] = [];
  for (const { fontstack, file } of LABEL_FONTS) {
    const font = fontkit.openSync(require.resolve(file));
    for (const start of GLYPH_RANGE_STARTS)
      files.push({ path: `${fontstack}/${rangeName(start)}.pbf`, bytes: encodeGlyphRange(fontstack, start, rangeGlyphs(font, start)) });
  }
  return files;
}
