import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineFeeds, readCsvHeader, readCsvRecords } from './csv-rows.js';
import { SourceFileError } from './source-file-error.js';

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'csv-rows-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function recordsOf(name: string, text: string) {
  const file = path.join(directory, name);
  await writeFile(file, text);
  const records = [];
  for await (const record of readCsvRecords(file)) records.push(record);
  return records;
}

describe('readCsvRecords', () => {
  it('names the file and the line a record with an unclosed quote starts on, not the end of the file', async () => {
    const failure = await recordsOf('unclosed.csv', 'id,name\n1,a\n2,"b\n3,c\n4,d\n').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceFileError);
    expect((failure as SourceFileError).line).toBe(3);
    expect((failure as SourceFileError).message).toBe(
      `${path.join(directory, 'unclosed.csv')}, line 3: a quoted cell opened in this record is never closed (the file ends inside quotes)`,
    );
  });

  it('names the line and the problem of other malformed CSV', async () => {
    const failure = await recordsOf('closing.csv', 'id,name\n1,a\n2,"b"c\n').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceFileError);
    expect((failure as SourceFileError).line).toBe(3);
    expect((failure as SourceFileError).problem).toMatch(/^malformed CSV \(CSV_INVALID_CLOSING_QUOTE\): /);
  });

  it('numbers each record by the line it starts on, across quoted line breaks and blank lines', async () => {
    const records = await recordsOf('multi.csv', 'id,address\n1,"14 E ST SE\nCAPITOL GROUNDS GARAGE"\n2,plain\n\n3,"a\n\nb"\n4,last');
    expect(records.map((r) => [r.line, r.cells[0]])).toEqual([
      [1, 'id'],
      [2, '1'],
      [4, '2'],
      [6, '3'],
      [9, '4'],
    ]);
    expect(records[1]?.cells[1]).toBe('14 E ST SE\nCAPITOL GROUNDS GARAGE');
  });

  it('numbers CRLF and CR files the same way, and strips a byte-order mark', async () => {
    const crlf = await recordsOf('crlf.csv', '\uFEFFid,name\r\n1,"a\r\nb"\r\n\r\n2,c\r\n3,d');
    const cr = await recordsOf('cr.csv', 'id,name\r1,"a\rb"\r\r2,c\r3,d');
    const expected = [
      [1, 'id', 'name'],
      [2, '1', 'a\nb'],
      [5, '2', 'c'],
      [6, '3', 'd'],
    ];
    expect(crlf.map((r) => [r.line, ...r.cells])).toEqual(expected);
    expect(cr.map((r) => [r.line, ...r.cells])).toEqual(expected);
  });

  it('joins a CRLF split across two chunks into one line break', async () => {
    const converter = new LineFeeds();
    const parts: Buffer[] = [];
    converter.on('data', (chunk: Buffer) => parts.push(chunk));
    converter.write(Buffer.from('a,b\r'));
    converter.write(Buffer.from('\n1,2\r'));
    converter.end(Buffer.from('x'));
    await new Promise((resolve) => converter.on('end', resolve));
    expect(Buffer.concat(parts).toString()).toBe('a,b\n1,2\nx');
  });

  it('keeps short rows', async () => {
    const records = await recordsOf('short.csv', 'a,b,c\n1,2\n');
    expect(records[1]?.cells).toEqual(['1', '2']);
  });
});

describe('readCsvHeader', () => {
  it('reads the header only, or null for an empty file', async () => {
    await writeFile(path.join(directory, 'h.csv'), 'FacilityID,FacilityName\n1,x\n');
    await writeFile(path.join(directory, 'empty.csv'), '');
    expect(await readCsvHeader(path.join(directory, 'h.csv'))).toEqual(['FacilityID', 'FacilityName']);
    expect(await readCsvHeader(path.join(directory, 'empty.csv'))).toBeNull();
  });
});

describe('readCsvRecords and the field limits', () => {
  it('stops at a field over its limit, naming the file, the line and the column, before the parser holds the record', async () => {
    const failure = await recordsOf('long-field.csv', `FacilityID,FacilityName\n1,a\n2,${'x'.repeat(5_000_000)}\n3,c\n`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceFileError);
    expect((failure as SourceFileError).message).toBe(
      `${path.join(directory, 'long-field.csv')}, line 3: column "FacilityName": the field holds more than 1,000 characters, the limit for this column`,
    );
  });

  it('stops at a row of more than 100 columns', async () => {
    const failure = await recordsOf('wide.csv', `FacilityID,FacilityName\n${','.repeat(1_000_000)}\n`).catch((error: unknown) => error);
    expect((failure as SourceFileError).line).toBe(2);
    expect((failure as SourceFileError).problem).toBe('the row holds more than 100 columns, the limit for a row');
  });
});
