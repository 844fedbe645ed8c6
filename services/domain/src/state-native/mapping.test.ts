import { describe, expect, it } from 'vitest';
import { columnsRead, leftOutRows, recognises, translateRecords, type CsvRecord, type StateMapping } from './mapping.js';

async function* recordsOf(rows: string[][]): AsyncGenerator<CsvRecord> {
  for (const [index, cells] of rows.entries()) yield { line: index + 1, cells };
}

async function translated(rows: string[][], mapping: StateMapping): Promise<string[][]> {
  const out: string[][] = [];
  for await (const record of translateRecords(recordsOf(rows), mapping)) out.push(record.cells);
  return out;
}

const mapping: StateMapping = {
  title: 'Test cases (cases.csv)',
  state: 'TS',
  format: 'epa-release',
  signature: ['Case No', 'Opened'],
  blanks: ['<blank>'],
  reads: ['Site'],
  columns: {
    LUSTID: 'Case No',
    ReportedDate: 'Opened',
    SiteName: (row) => row.get('Site').toUpperCase(),
    LUSTStatus: 'Status',
  },
  values: { LUSTStatus: { '8 case closed': 'Closed' } },
};

describe('a declared state mapping', () => {
  it('recognises its file by its signature columns, whatever their spelling', () => {
    expect(recognises(mapping, ['CASE_NO', 'opened', 'Site'])).toBe(true);
    expect(recognises(mapping, ['Case No', 'Site'])).toBe(false);
  });

  it('writes the template header, then each row translated: columns, functions, spellings and blanks', async () => {
    const rows = await translated(
      [
        ['Case No', 'Opened', 'Site', 'Status', 'Manager'],
        ['A-1', '1990-07-18', 'corner gas', '8 Case Closed', 'Kim'],
        ['A-2', '<blank>', ' depot ', 'Open', ''],
      ],
      mapping,
    );
    expect(rows).toEqual([
      ['LUSTID', 'ReportedDate', 'SiteName', 'LUSTStatus'],
      ['A-1', '1990-07-18', 'CORNER GAS', 'Closed'],
      ['A-2', '', 'DEPOT', 'Open'],
    ]);
  });

  it('names the columns it reads, so that the others are reported as left out', () => {
    expect([...columnsRead(mapping)].sort()).toEqual(['caseno', 'opened', 'site', 'status']);
  });

  it('gives several template rows for one source row when it expands', async () => {
    const tanks: StateMapping = {
      title: 'Test tanks',
      state: 'TS',
      format: 'epa-tank',
      signature: ['Id', 'Tanks'],
      columns: { FacilityID: 'Id', TankID: () => '', SubstanceStored: () => '' },
      expand: (row) =>
        row
          .get('Tanks')
          .split(' ')
          .filter(Boolean)
          .map((substance, index) => ({ TankID: String(index + 1), SubstanceStored: substance })),
    };
    expect(
      await translated(
        [
          ['Id', 'Tanks'],
          ['7', 'Diesel Gasoline'],
          ['8', ''],
        ],
        tanks,
      ),
    ).toEqual([
      ['FacilityID', 'TankID', 'SubstanceStored'],
      ['7', '1', 'Diesel'],
      ['7', '2', 'Gasoline'],
    ]);
  });

  it('leaves out the rows of another kind, and names each by its line and the value that decided it', async () => {
    const cases: StateMapping = { ...mapping, keep: { column: 'Status', values: ['8 Case Closed', '6 Corrective Action'] } };
    const rows = [
      ['Case No', 'Opened', 'Site', 'Status'],
      ['A-1', '1990-07-18', 'gas', '8 CASE CLOSED'],
      ['A-2', '1991-01-02', 'depot', '1a Completed Tank Closure'],
      ['A-3', '1992-03-04', 'farm', ''],
      ['A-4', '1993-05-06', 'store', '6 Corrective Action'],
    ];
    expect((await translated(rows, cases)).map((cells) => cells[0])).toEqual(['LUSTID', 'A-1', 'A-4']);
    const leftOut = [];
    for await (const row of leftOutRows(recordsOf(rows), cases)) leftOut.push(row);
    expect(leftOut).toEqual([
      { line: 3, column: 'Status', value: '1a Completed Tank Closure' },
      { line: 4, column: 'Status', value: '' },
    ]);
    expect(columnsRead(cases).has('status')).toBe(true);
  });

  it('leaves out nothing without a keep rule', async () => {
    const leftOut = [];
    for await (const row of leftOutRows(recordsOf([['Case No'], ['A-1']]), mapping)) leftOut.push(row);
    expect(leftOut).toEqual([]);
  });
});
