/**
 * Free-form JSON a browser sends (a log entry's context, an activity's details) kept within
 * MAX_STORED_CONTEXT_BYTES of UTF-8. Longer text is replaced by a TruncatedContext object: still
 * valid JSON, so every reader of the column can parse what it finds there.
 */
import { MAX_STORED_CONTEXT_BYTES, type TruncatedContext } from '@ust/schemas';
import { jsonStringPrefix } from '../text/json-string-bytes.js';

/** `text` (JSON) when it fits in `maxBytes` of UTF-8; otherwise a TruncatedContext that does. */
export function cappedJsonText(text: string, maxBytes = MAX_STORED_CONTEXT_BYTES): string {
  // Every UTF-16 unit takes at most 3 bytes of UTF-8: short text needs no count.
  if (text.length * 3 <= maxBytes) return text;
  const originalBytes = Buffer.byteLength(text, 'utf8');
  if (originalBytes <= maxBytes) return text;
  const marker = (prefix: string): TruncatedContext => ({ truncated: true, original_bytes: originalBytes, prefix });
  const overhead = Buffer.byteLength(JSON.stringify(marker('')), 'utf8');
  return JSON.stringify(marker(jsonStringPrefix(text, maxBytes - overhead)));
}

/** Free-form details as capped JSON text ('' when there are none). */
export function cappedJson(value: unknown): string {
  return value === undefined || value === null ? '' : cappedJsonText(JSON.stringify(value));
}
