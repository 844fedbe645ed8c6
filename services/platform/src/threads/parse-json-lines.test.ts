import { describe, expect, it } from 'vitest';
import { parseJsonLines } from './thread-ports.js';

describe('parseJsonLines', () => {
  it('reads one row per line of JSONEachRow text, with or without the closing newline', () => {
    expect(parseJsonLines('{"n":1,"s":"a\\nb"}\n{"n":2,"s":""}\n')).toEqual([
      { n: 1, s: 'a\nb' },
      { n: 2, s: '' },
    ]);
    expect(parseJsonLines('{"n":3}')).toEqual([{ n: 3 }]);
  });

  it('reads no rows from no text', () => {
    expect(parseJsonLines('')).toEqual([]);
  });
});
