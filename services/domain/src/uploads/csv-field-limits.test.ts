import { describe, expect, it } from 'vitest';
import { MAX_ADDRESS_CHARS, MAX_COLUMNS, MAX_FIELD_CHARS } from '@ust/schemas';
import { CsvFieldLimits, FieldLimitError, importColumnLimits, type ColumnLimits } from './csv-field-limits.js';

/** The error the scan of `text` ends with, fed `chunkSize` bytes at a time, or null when it passes. */
function scan(text: string | Buffer, { limits = importColumnLimits, chunkSize = 65_536 }: { limits?: ColumnLimits; chunkSize?: number } = {}) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const check = new CsvFieldLimits(limits);
  try {
    for (let start = 0; start < bytes.length; start += chunkSize) check.check(bytes.subarray(start, start + chunkSize));
    check.end();
    return null;
  } catch (error) {
    if (error instanceof FieldLimitError) return error;
    throw error;
  }
}

const header = 'FacilityID,FacilityName,FacilityAddress1,FacilityCity\n';

describe('CsvFieldLimits', () => {
  it('passes a field at its limit and refuses one character more, naming the line, the column and the limit', () => {
    expect(scan(`${header}1,${'n'.repeat(MAX_FIELD_CHARS)},${'a'.repeat(MAX_ADDRESS_CHARS)},Dover\n`)).toBeNull();
    const name = scan(`${header}1,Shell,1 Main St,Dover\n2,${'n'.repeat(MAX_FIELD_CHARS + 1)},1 Main St,Dover\n`);
    expect(name?.message).toBe('line 3, column "FacilityName": the field holds more than 1,000 characters, the limit for this column');
    const address = scan(`${header}1,Shell,${'a'.repeat(MAX_ADDRESS_CHARS + 1)},Dover\n`);
    expect(address).toMatchObject({ line: 2, column: 'column "FacilityAddress1"' });
    expect(address?.message).toContain('more than 500 characters');
  });

  it('counts characters, not bytes', () => {
    expect(scan(`${header}1,${'é'.repeat(MAX_FIELD_CHARS)},${'東'.repeat(MAX_ADDRESS_CHARS)},${'😀'.repeat(MAX_FIELD_CHARS)}\n`)).toBeNull();
    expect(scan(`${header}1,Shell,${'東'.repeat(MAX_ADDRESS_CHARS + 1)},Dover\n`)?.line).toBe(2);
  });

  it('passes a row of 100 columns and refuses 101, at the header or in a row', () => {
    const columns = (count: number) => Array.from({ length: count }, (_, index) => `c${index}`).join(',');
    expect(scan(`${columns(MAX_COLUMNS)}\n${columns(MAX_COLUMNS)}\n`)).toBeNull();
    expect(scan(`${columns(MAX_COLUMNS + 1)}\n`)?.message).toBe('line 1: the row holds more than 100 columns, the limit for a row');
    expect(scan(`${header}1,a,b,c\n${columns(MAX_COLUMNS + 1)}\n`)?.line).toBe(3);
  });

  it('stops a ten-megabyte line of commas at its 101st column', () => {
    const error = scan(Buffer.alloc(10 * 1024 * 1024, ','));
    expect(error?.message).toBe('line 1: the row holds more than 100 columns, the limit for a row');
  });

  it('reads quoted fields as the parser does: commas, line breaks and doubled quotes inside them', () => {
    const quoted = `"${'a,'.repeat(200)}""x""\n${'b'.repeat(50)}"`;
    expect(scan(`${header}1,${quoted},1 Main St,Dover\n`)).toBeNull();
    // The quoted field spans two lines; the next row starts on line 4.
    expect(scan(`${header}1,${quoted},1 Main St,Dover\n2,Shell,${'a'.repeat(MAX_ADDRESS_CHARS + 1)},Dover\n`)?.line).toBe(4);
    expect(scan(`${header}1,"${'q'.repeat(MAX_FIELD_CHARS)}""",x,y\n`)?.column).toBe('column "FacilityName"');
  });

  it('refuses a quoted field over its limit once its quote closes, and names an unclosed quote as such', () => {
    const long = `"${'q'.repeat(MAX_FIELD_CHARS)}\n${'q'.repeat(10)}"`;
    expect(scan(`${header}1,${long},x,y\n2,a,b,c\n`)).toMatchObject({ line: 2, column: 'column "FacilityName"' });
    const unclosed = scan(`${header}1,a,b,c\n2,"${'q'.repeat(MAX_FIELD_CHARS)}\n3,a,b,c\n4,a,b,c\n`);
    expect(unclosed?.message).toBe('line 3: a quoted cell opened in this record is never closed (the file ends inside quotes)');
  });

  it('counts lines the same with LF, CRLF and a lone CR, across any chunk boundary', () => {
    const rows = ['1,a,b,c', '2,a,b,c', `3,${'n'.repeat(MAX_FIELD_CHARS + 1)},b,c`];
    for (const breakText of ['\n', '\r\n', '\r']) {
      const text = `${header.trim()}${breakText}${rows.join(breakText)}${breakText}`;
      for (const chunkSize of [1, 2, 3, 7, 65_536]) expect(scan(text, { chunkSize })?.line, `${JSON.stringify(breakText)} by ${chunkSize}`).toBe(4);
    }
  });

  it('skips a byte order mark and blank lines before the header', () => {
    const limits: ColumnLimits = (names) => names.map((name) => (name === 'reference' ? 5 : MAX_FIELD_CHARS));
    const text = `\uFEFF\nreference,address\nabcdef,x\n`;
    expect(scan(text, { limits })).toMatchObject({ line: 3, column: 'column "reference"' });
  });

  it('names a column past the header by its number', () => {
    expect(scan(`a,b\n1,2,${'x'.repeat(MAX_FIELD_CHARS + 1)}\n`)?.column).toBe('column 3');
  });

  it('gives an address column of any spelling the address limit', () => {
    expect(importColumnLimits(['Address', 'FacilityAddress2', 'Facility Address', 'City', 'LUST ID'])).toEqual([
      MAX_ADDRESS_CHARS,
      MAX_ADDRESS_CHARS,
      MAX_ADDRESS_CHARS,
      MAX_FIELD_CHARS,
      MAX_FIELD_CHARS,
    ]);
  });
});
