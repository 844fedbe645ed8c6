import { describe, expect, it } from 'vitest';
import { parseCompactJsonRows } from './compact-json-rows.js';

const compact = (...lines: unknown[]) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;

describe('parseCompactJsonRows', () => {
  it('makes each row the object JSONEachRow gives, columns in order', () => {
    const rows = [
      { id: 'UT-1', name: 'a "quoted"\nline \\ é', score: 7, ratio: 0.25, leak: true, closed: null, list: ['DC', 'VT'], counts: { a: 1 } },
      { id: 'UT-2', name: '', score: -1, ratio: 1e21, leak: false, closed: '2024-01-02', list: [], counts: {} },
    ];
    const text = compact(Object.keys(rows[0]!), ...rows.map((row) => Object.values(row)));
    const parsed = parseCompactJsonRows(text);
    expect(parsed).toEqual(rows);
    expect(parsed.map((row) => Object.keys(row))).toEqual(rows.map((row) => Object.keys(row)));
    expect(parseCompactJsonRows(text.trimEnd())).toEqual(rows);
  });

  it('reads no rows from no text, or from the column names alone', () => {
    expect(parseCompactJsonRows('')).toEqual([]);
    expect(parseCompactJsonRows(compact(['n']))).toEqual([]);
  });

  it('takes a column name as a property name, never as code', () => {
    const hostile = 'x: 1 }; globalThis.compactRowsBreakIn = true; return { y';
    const quoted = 'a"b\\c\u2028d';
    const [row] = parseCompactJsonRows(compact([hostile, quoted, 'values'], [1, 2, 3])) as Array<Record<string, number>>;
    expect(row).toEqual({ [hostile]: 1, [quoted]: 2, values: 3 });
    expect((globalThis as Record<string, unknown>).compactRowsBreakIn).toBeUndefined();
  });

  it('refuses a column named __proto__, which an object literal would take for the prototype', () => {
    expect(() => parseCompactJsonRows(compact(['__proto__'], [{ polluted: true }]))).toThrow(/__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses text that does not start with the column names, or a row that is not an array', () => {
    expect(() => parseCompactJsonRows(compact({ n: 1 }))).toThrow(/column names/);
    expect(() => parseCompactJsonRows(compact(['n', 1], [1]))).toThrow(/column names/);
    expect(() => parseCompactJsonRows(compact(['n'], { n: 1 }))).toThrow(/line 2/);
  });
});
