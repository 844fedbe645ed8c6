/** The part of fontkit the glyph script reads; fontkit ships no types of its own. */
declare module 'fontkit' {
  import type { PathCommand } from './glyph-sdf.js';

  export interface Glyph {
    path: { commands: PathCommand[] };
    advanceWidth: number;
  }

  export interface Font {
    unitsPerEm: number;
    ascent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
  }

  export function openSync(path: string): Font;
}
