import { describe, expect, it } from 'vitest';
import { MAX_ADDRESS_CHARS, MAX_COLUMNS, MAX_FIELD_CHARS, MAX_REFERENCE_CHARS, MAX_SCREENING_BYTES } from '@ust/schemas';
import { UploadError } from '../imports/upload-rules.js';
import { readPortfolioCsv } from './portfolio-csv.js';

const read = (text: string) => readPortfolioCsv(Buffer.from(text));
const problemOf = (text: string | Buffer) => {
  try {
    readPortfolioCsv(Buffer.isBuffer(text) ? text : Buffer.from(text));
  } catch (error) {
    if (error instanceof UploadError) return `${error.statusCode} ${error.message}`;
    throw error;
  }
  return null;
};

describe('readPortfolioCsv', () => {
  it('knows the columns by their usual names, whatever their case, spacing or order', () => {
    const [row] = read('\uFEFFZip Code,Street Address,Policy Number,CITY,St\r\n19901,1 Main St,P-1,Dover,DE\r\n');
    expect(row).toEqual({
      line: 2,
      reference: 'P-1',
      input: { address: '1 Main St', city: 'Dover', state: 'DE', zip: '19901', latitude: null, longitude: null },
      problem: null,
      note: null,
    });
    expect(read('id,lat,lng\nA,38.9,-77.03\n')[0]!.input).toMatchObject({ latitude: '38.9', longitude: '-77.03' });
  });

  it('gives each row the line it starts on, past quoted line breaks and blank lines', () => {
    const rows = read('ref,address\n\nA,"1 Main St\nSuite 2"\n\nB,2 Main St\n');
    expect(rows.map((row) => [row.reference, row.line])).toEqual([
      ['A', 3],
      ['B', 6],
    ]);
  });

  it('says what keeps a row from being located, and notes a reused or missing reference', () => {
    const rows = read(
      ['ref,address,latitude,longitude', 'A,,,', 'B,,91,-77', 'C,,abc,-77', 'D,,38.9,', 'a,1 Main St,,', ',2 Main St,,', 'E,,38.9,-77,extra'].join('\n'),
    );
    expect(rows.map((row) => [row.reference, row.problem, row.note])).toEqual([
      ['A', 'no address and no latitude and longitude', null],
      ['B', 'latitude: 91 is out of range (-90 to 90)', null],
      ['C', 'latitude: "abc" is not a number', null],
      ['D', 'longitude: missing while the other coordinate is given', null],
      ['a', null, 'reference "a" is also used on line 2'],
      [null, null, 'no reference'],
      ['E', null, 'the row has 5 fields, the header 4'],
    ]);
  });

  it('refuses a file it cannot read, naming the line', () => {
    expect(problemOf('name,city\nA,Dover\n')).toMatch(/^400 line 1: no reference column/);
    expect(problemOf('ref,latitude\nA,38\n')).toMatch(/^400 line 1: no address column and no latitude and longitude columns/);
    expect(problemOf('ref,address,latitude\nA,1 Main St,38\n')).toBe('400 line 1: a latitude column without a longitude column');
    expect(problemOf(Buffer.from([...Buffer.from('ref,address\nA,Caf'), 0xe9, 0x0a]))).toBe(
      '400 line 2: the file is not UTF-8 text (byte 0xE9 at offset 17); save it as "CSV UTF-8"',
    );
    expect(problemOf(Buffer.alloc(10 * 1024 * 1024 + 1, 0x61))).toMatch(/^413 file: /);
  });

  it('holds a reference to 200 characters, an address to 500 and any other field to 1,000, naming the line and the column', () => {
    const row = (reference: string, address: string, city: string) =>
      `Policy Number,Street Address,City\nP-1,1 Main St,Dover\n${reference},${address},${city}\n`;
    expect(read(row('r'.repeat(MAX_REFERENCE_CHARS), 'a'.repeat(MAX_ADDRESS_CHARS), 'c'.repeat(MAX_FIELD_CHARS)))).toHaveLength(2);
    expect(problemOf(row('r'.repeat(MAX_REFERENCE_CHARS + 1), '1 Main St', 'Dover'))).toBe(
      '400 line 3, column "Policy Number": the field holds more than 200 characters, the limit for this column',
    );
    expect(problemOf(row('P-2', 'a'.repeat(MAX_ADDRESS_CHARS + 1), 'Dover'))).toBe(
      '400 line 3, column "Street Address": the field holds more than 500 characters, the limit for this column',
    );
    expect(problemOf(row('P-2', '1 Main St', 'c'.repeat(MAX_FIELD_CHARS + 1)))).toBe(
      '400 line 3, column "City": the field holds more than 1,000 characters, the limit for this column',
    );
  });

  it('refuses a file of one long unbroken reference, whatever fits in 10 MB', () => {
    const text = `reference,latitude,longitude\n${'x'.repeat(MAX_SCREENING_BYTES - 100)},38.9,-77\n`;
    expect(problemOf(text)).toBe('400 line 2, column "reference": the field holds more than 200 characters, the limit for this column');
  });

  it('refuses a header or a row of more than 100 columns, and names what it found in a short message', () => {
    expect(problemOf(`${','.repeat(MAX_SCREENING_BYTES - 10)}\n`)).toBe('400 line 1: the row holds more than 100 columns, the limit for a row');
    expect(problemOf(`ref,address\nA,1 Main St${','.repeat(5_000_000)}\n`)).toBe('400 line 2: the row holds more than 100 columns, the limit for a row');
    const wide = Array.from({ length: MAX_COLUMNS }, (_, index) => `column ${index} ${'n'.repeat(200)}`).join(',');
    const problem = problemOf(`${wide}\nA\n`)!;
    expect(problem).toMatch(/^400 line 1: no reference column \(found "column 0 n+…", .* and 88 more\); expected /);
    expect(problem.length).toBeLessThan(1_000);
  });
});
