/**
 * Bytes a text takes inside a JSON string literal once JSON.stringify has escaped it and it is
 * sent as UTF-8: what a body bounded in bytes must count, since a CJK character takes three
 * and a control character six (`\u0001`).
 */

/** Bytes a code point takes inside a JSON string literal. */
function escapedBytes(codePoint: number): number {
  if (codePoint === 0x22 || codePoint === 0x5c) return 2; // \" and \\
  if (codePoint < 0x20) return [0x08, 0x09, 0x0a, 0x0c, 0x0d].includes(codePoint) ? 2 : 6; // \n or \u0001
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 6; // a lone surrogate is escaped as \udxxx
  return codePoint > 0xffff ? 4 : 3;
}

/** The longest start of `text` whose escaped UTF-8 fits in `budget` bytes, never splitting a surrogate pair. */
export function jsonStringPrefix(text: string, budget: number): string {
  let end = 0;
  while (end < text.length) {
    const codePoint = text.codePointAt(end)!;
    const cost = escapedBytes(codePoint);
    if (cost > budget) break;
    budget -= cost;
    end += codePoint > 0xffff ? 2 : 1;
  }
  return text.slice(0, end);
}

const ELLIPSIS = '…';
const ELLIPSIS_BYTES = 3;

/** `text` when its escaped UTF-8 fits in `budget` bytes; else as much of its start as fits, ending in an ellipsis. */
export function clipJsonString(text: string, budget: number): string {
  // Every UTF-16 unit takes at most 6 bytes escaped: short text needs no count.
  if (text.length * 6 <= budget) return text;
  const fitting = jsonStringPrefix(text, budget);
  if (fitting.length === text.length) return text;
  return budget < ELLIPSIS_BYTES ? fitting : `${jsonStringPrefix(text, budget - ELLIPSIS_BYTES)}${ELLIPSIS}`;
}
