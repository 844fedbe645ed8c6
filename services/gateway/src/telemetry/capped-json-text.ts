/**
 * Free-form JSON a browser sends (a log entry's context, an activity's details) kept within
 * MAX_STORED_CONTEXT_BYTES of UTF-8. Longer text is replaced by a TruncatedContext object: still
 * valid JSON, so every reader of the column can parse what it finds there.
 */
import { MAX_STORED_CONTEXT_BYTES, type TruncatedContext } from '@ust/schemas';

/** Bytes a code point takes inside a JSON string literal once JSON.stringify has escaped it. */
function escapedBytes(codePoint: number): number {
  if (codePoint === 0x22 || codePoint === 0x5c) return 2; // \" and \\
  if (codePoint < 0x20) return [0x08, 0x09, 0x0a, 0x0c, 0x0d].includes(codePoint) ? 2 : 6; // \n or \u0001
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 6; // a lone surrogate is escaped as \udxxx
  return codePoint > 0xffff ? 4 : 3;
}

/** The longest start of `text` whose escaped UTF-8 fits in `budget` bytes, never splitting a surrogate pair. */
function prefixWithin(text: string, budget: number): string {
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

/** `text` (JSON) when it fits in `maxBytes` of UTF-8; otherwise a TruncatedContext that does. */
export function cappedJsonText(text: string, maxBytes = MAX_STORED_CONTEXT_BYTES): string {
  // Every UTF-16 unit takes at most 3 bytes of UTF-8: short text needs no count.
  if (text.length * 3 <= maxBytes) return text;
  const originalBytes = Buffer.byteLength(text, 'utf8');
  if (originalBytes <= maxBytes) return text;
  const marker = (prefix: string): TruncatedContext => ({ truncated: true, original_bytes: originalBytes, prefix });
  const overhead = Buffer.byteLength(JSON.stringify(marker('')), 'utf8');
  return JSON.stringify(marker(prefixWithin(text, maxBytes - overhead)));
}

/** Free-form details as capped JSON text ('' when there are none). */
export function cappedJson(value: unknown): string {
  return value === undefined || value === null ? '' : cappedJsonText(JSON.stringify(value));
}
