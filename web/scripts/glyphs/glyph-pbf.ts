/**
 * The glyph range file MapLibre asks for at `{fontstack}/{range}.pbf`: a protocol buffer of
 * glyphs.proto (fontnik's format), `glyphs { stacks: fontstack { name, range, glyphs: glyph {
 * id, bitmap, width, height, left, top, advance } } }`. Small enough to write by hand.
 */
import type { GlyphSdf } from './glyph-sdf.js';

const VARINT = 0;
const LENGTH_DELIMITED = 2;

class ProtoWriter {
  private readonly bytes: number[] = [];

  private varint(value: number): void {
    let rest = value;
    while (rest > 0x7f) {
      this.bytes.push((rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 128);
    }
    this.bytes.push(rest);
  }

  uint(field: number, value: number): this {
    this.varint((field << 3) | VARINT);
    this.varint(value);
    return this;
  }

  sint(field: number, value: number): this {
    return this.uint(field, value >= 0 ? value * 2 : -value * 2 - 1);
  }

  bytesField(field: number, value: Uint8Array): this {
    this.varint((field << 3) | LENGTH_DELIMITED);
    this.varint(value.length);
    for (const byte of value) this.bytes.push(byte);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytesField(field, new TextEncoder().encode(value));
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export interface RangeGlyph extends GlyphSdf {
  /** The Unicode code point. */
  id: number;
}

/** The range's name as MapLibre asks for it: '0-255', '256-511', ... */
export function rangeName(start: number): string {
  return `${start}-${start + 255}`;
}

export function encodeGlyphRange(fontstack: string, start: number, glyphs: readonly RangeGlyph[]): Uint8Array {
  const stack = new ProtoWriter().string(1, fontstack).string(2, rangeName(start));
  for (const glyph of glyphs) {
    const message = new ProtoWriter().uint(1, glyph.id);
    if (glyph.bitmap.length > 0) message.bytesField(2, glyph.bitmap);
    message.uint(3, glyph.width).uint(4, glyph.height).sint(5, glyph.left).sint(6, glyph.top).uint(7, glyph.advance);
    stack.bytesField(3, message.finish());
  }
  return new ProtoWriter().bytesField(1, stack.finish()).finish();
}
