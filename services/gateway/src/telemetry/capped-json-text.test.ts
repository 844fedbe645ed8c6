import { describe, expect, it } from 'vitest';
import Value from 'typebox/value';
import { MAX_STORED_CONTEXT_BYTES, TruncatedContext } from '@ust/schemas';
import { cappedJson, cappedJsonText } from './capped-json-text.js';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('capped JSON text', () => {
  it('keeps JSON text up to 16 KB of UTF-8 as it is, and none as the empty string', () => {
    const exactly = JSON.stringify('x'.repeat(MAX_STORED_CONTEXT_BYTES - 2));
    expect(bytes(exactly)).toBe(MAX_STORED_CONTEXT_BYTES);
    expect(cappedJsonText(exactly)).toBe(exactly);
    expect(cappedJson({ a: 1 })).toBe('{"a":1}');
    expect(cappedJson(undefined)).toBe('');
    expect(cappedJson(null)).toBe('');
  });

  it('replaces longer text by valid JSON that says so, with the original size and a prefix within 16 KB', () => {
    // 6,000 CJK characters: 18,000 bytes of UTF-8 but only 6,000 UTF-16 units.
    const context = { note: '漢字テキスト'.repeat(1000) };
    const text = JSON.stringify(context);
    const capped = cappedJson(context);
    expect(bytes(capped)).toBeLessThanOrEqual(MAX_STORED_CONTEXT_BYTES);
    const parsed = JSON.parse(capped) as TruncatedContext;
    expect(Value.Check(TruncatedContext, parsed)).toBe(true);
    expect(parsed.original_bytes).toBe(bytes(text));
    expect(text.startsWith(parsed.prefix)).toBe(true);
    // As much as fits: one more character would not.
    expect(bytes(JSON.stringify({ ...parsed, prefix: text.slice(0, parsed.prefix.length + 1) }))).toBeGreaterThan(MAX_STORED_CONTEXT_BYTES);
  });

  it('cuts between characters: never inside a surrogate pair, and counts escapes at their escaped size', () => {
    for (const unit of ['😀', '"', '\\', '\u0001', 'é']) {
      const text = JSON.stringify({ filler: `${'a'.repeat(7)}${unit.repeat(20_000)}` });
      const capped = cappedJsonText(text);
      expect(bytes(capped)).toBeLessThanOrEqual(MAX_STORED_CONTEXT_BYTES);
      const { prefix } = JSON.parse(capped) as TruncatedContext;
      expect(text.startsWith(prefix)).toBe(true);
      // A lone surrogate would not survive a round trip through UTF-8.
      expect(Buffer.from(prefix, 'utf8').toString('utf8')).toBe(prefix);
      // Within a few bytes of the cap: the budget is used, whatever the escaping costs.
      expect(bytes(capped)).toBeGreaterThan(MAX_STORED_CONTEXT_BYTES - 8);
    }
  });
});
