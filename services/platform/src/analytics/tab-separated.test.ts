import { describe, expect, it } from 'vitest';
import { encodeTabSeparated, encodeTabSeparatedInTurns } from './tab-separated.js';

const text = (rows: readonly object[]) => {
  const encoded = encodeTabSeparated(rows);
  return encoded && { columns: encoded.columns, body: new TextDecoder().decode(encoded.body) };
};

describe('rows as TabSeparated text', () => {
  it('writes one line per row in the columns of the first row, NULL as \\N, booleans as 1 and 0', () => {
    expect(
      text([
        { id: 'a', n: 1.25, ok: true, gone: null },
        { id: 'b', n: -3, ok: false, gone: null },
      ]),
    ).toEqual({
      columns: ['id', 'n', 'ok', 'gone'],
      body: 'a\t1.25\t1\t\\N\nb\t-3\t0\t\\N\n',
    });
  });

  it('escapes the backslash, tab, newline and carriage return, so a literal \\N stays text', () => {
    expect(text([{ s: 'a\\N\tb\nc\rd' }])?.body).toBe('a\\\\N\\tb\\nc\\rd\n');
  });

  it('writes a non-finite number as NULL, as JSON writes it null', () => {
    expect(text([{ x: Number.NaN, y: Number.POSITIVE_INFINITY }])?.body).toBe('\\N\t\\N\n');
  });

  it('leaves to JSON a row with a nested value, an undefined value, or other columns than the first', () => {
    expect(encodeTabSeparated([{ id: 'a', steps: { plan: 0.1 } }])).toBeUndefined();
    expect(encodeTabSeparated([{ id: 'a', tags: ['x'] }])).toBeUndefined();
    expect(encodeTabSeparated([{ id: 'a', note: undefined }])).toBeUndefined();
    expect(
      encodeTabSeparated([
        { id: 'a', n: 1 },
        { n: 1, id: 'b' },
      ]),
    ).toBeUndefined();
    expect(encodeTabSeparated([{ id: 'a', n: 1 }, { id: 'b' }])).toBeUndefined();
    expect(encodeTabSeparated([])).toBeUndefined();
  });

  it('encodes UTF-8 into a buffer of its own, which a thread can hand over', () => {
    const encoded = encodeTabSeparated([{ city: 'São Paulo' }])!;
    expect(encoded.body.byteOffset).toBe(0);
    expect(encoded.body.byteLength).toBe(encoded.body.buffer.byteLength);
    expect(new TextDecoder().decode(encoded.body)).toBe('São Paulo\n');
  });

  it('encodes in turns of the event loop the same text as at once, and leaves to JSON rows whose columns change between turns', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => ({ id: `r${index}`, n: index, note: index % 2 ? 'tab\there' : null }));
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 0);
    const inTurns = await encodeTabSeparatedInTurns(rows, 2);
    clearInterval(counting);
    expect(new TextDecoder().decode(inTurns!.body)).toBe(new TextDecoder().decode(encodeTabSeparated(rows)!.body));
    expect(inTurns!.columns).toEqual(['id', 'n', 'note']);
    expect(turns).toBeGreaterThan(0);
    // The first two rows agree, the third has other columns: another turn's part cannot join them.
    expect(
      await encodeTabSeparatedInTurns(
        [
          { id: 'a', n: 1 },
          { id: 'b', n: 2 },
          { n: 3, id: 'c' },
        ],
        2,
      ),
    ).toBeUndefined();
    expect(await encodeTabSeparatedInTurns([])).toBeUndefined();
  });
});
