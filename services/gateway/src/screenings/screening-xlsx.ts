/**
 * A screening as an Excel workbook (exceljs's streaming writer): the Locations sheet with the
 * download columns (numbers as numbers, a frozen header row with filters), and an About sheet
 * saying what the file is, against which dataset version, and that premiums are indicative.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { PRICING_DISCLAIMER, type ScreeningRow, type ScreeningRun } from '@ust/schemas';
import { carriersOf, screeningColumns } from './screening-columns.js';

export function screeningXlsx(screening: ScreeningRun, rows: readonly ScreeningRow[]): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'UST Risk Platform';
  workbook.created = new Date();
  const write = async () => {
    const columns = screeningColumns(carriersOf(rows));
    const sheet = workbook.addWorksheet('Locations', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({ header: column.header, key: column.header, width: Math.min(40, Math.max(10, column.header.length + 2)) }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const row of rows) sheet.addRow(columns.map((column) => cellValue(column.cell(row)))).commit();
    sheet.commit();
    const about = workbook.addWorksheet('About');
    about.columns = [{ width: 24 }, { width: 90 }];
    for (const line of [
      ['Screening', screening.id],
      ['File', screening.file_name],
      ['Created', screening.created_at],
      ['Dataset version', screening.dataset_version ?? ''],
      ['Locations', screening.rows_total],
      ['Matched', screening.matched],
      ['Screened', screening.screened],
      ['Not located', screening.not_located],
      ['Premiums', PRICING_DISCLAIMER],
      ['Demo records', 'Rows marked "yes" in generated_demo_record show generated demo records, not records read from a state file.'],
    ])
      about.addRow(line).commit();
    about.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

/** Blank for nothing; numbers stay numbers; text stays text (a cell is never a formula in exceljs). */
function cellValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? value : String(value);
}
