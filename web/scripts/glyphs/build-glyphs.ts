/**
 * Writes the label glyphs into web/public/glyphs, served with the app from its own origin (the
 * Content-Security-Policy allows no font server). The files are committed;
 * glyph-ranges.test.ts fails when they differ from what this script makes.
 * Run: `npx tsx web/scripts/glyphs/build-glyphs.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { labelGlyphRanges } from './glyph-ranges.js';

export const GLYPHS_DIRECTORY = path.resolve(import.meta.dirname, '../../public/glyphs');

for (const { path: file, bytes } of labelGlyphRanges()) {
  const target = path.join(GLYPHS_DIRECTORY, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, bytes);
  console.log(`${path.relative(process.cwd(), target)}: ${bytes.length} bytes`);
}
