/**
 * Values that have broken parsers, queries and error handlers elsewhere: path traversal, SQL
 * and ClickHouse fragments, numbers spelled as text, unicode that changes length or direction,
 * control characters, prototype keys. The fuzz suite mixes them into every field it sends.
 */
import fc from 'fast-check';

export const HOSTILE_STRINGS: readonly string[] = [
  // Path traversal and file names.
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '....//....//etc/hosts',
  '..\\..\\windows\\win.ini',
  '/etc/passwd%00.json',
  'file:///etc/passwd',
  '.',
  '..',
  '%2e%2e',
  // SQL and ClickHouse.
  "' OR '1'='1",
  "'; DROP TABLE facilities; --",
  '1 UNION SELECT name FROM system.tables',
  "'); SELECT * FROM system.users; --",
  '{id:String}',
  '{v:UInt32}',
  "\\'",
  '%',
  '_',
  '%%',
  '\\',
  // Numbers as text.
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x1F',
  '1_000',
  '9007199254740993',
  '00001',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  // Encodings and unicode.
  '%zz',
  '%00',
  '%C0%AE',
  '\u0000',
  '\u0000abc',
  '\r\n\r\nHTTP/1.1 200 OK',
  '\t \n',
  '\u202Eevil\u202C',
  '\uFEFF',
  '\u200B',
  'Ａｄｍｉｎ',
  // The same letter precomposed and as e + combining accent.
  '\u00E9',
  'e\u0301',
  '🛢️👩‍👩‍👧‍👦',
  '\uD83D',
  '\uDC00',
  'ß'.repeat(50),
  'İ',
  '𝕏'.repeat(30),
  // Markup and templates.
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  // Formats just off.
  '2024-02-30T25:61:00Z',
  '2024-13-01T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  'not-an-email',
  'a@',
  '@b.c',
  '00000000-0000-0000-0000-00000000000g',
  ' 10001',
  '10001 ',
  'DE\n',
];

/** Object keys that reach prototypes when code merges objects naively. */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

export function hostileString(): fc.Arbitrary<string> {
  return fc.constantFrom(...HOSTILE_STRINGS);
}

/** Any JSON value of a type a field does not expect. */
export function wrongTypeValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', [], {}, [null], { '': null }),
    fc.jsonValue({ maxDepth: 2 }),
  );
}
