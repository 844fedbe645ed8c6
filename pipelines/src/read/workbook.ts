/**
 * Reading a data sheet of an EPA template workbook (.xlsx; its sheets are found by name in
 * @ust/domain/uploads' workbook-sheets.ts) as CSV files are read: a header row, then records.
 * A sheet is streamed (exceljs' streaming reader), never held whole, however large the workbook.
 */
import type ExcelJS from 'exceljs';
import type { WorkbookSheet } from '@ust/domain/workbooks';
import type { CsvRecord } from './csv-rows.js';
import { headerKey } from '@ust/domain/uploads';
import { toEpaValue, type ColumnMappings, type ValueMapping } from './workbook-mappings.js';
import { cellText, openWorkbookReader, passOver } from './workbook-cells.js';

const DAY_MS = 86_400_000;
/** Day 0 of the 1900 date system as Excel counts it (it takes 1900 for a leap year), and of the 1904 one. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** A spreadsheet date (days since the workbook's epoch, the fraction the time of day) as the CSV readers read dates. */
export function serialToDate(serial: number, date1904: boolean): string {
  return cellText(new Date((date1904 ? EPOCH_1904 : EPOCH_1900) + Math.round(serial * DAY_MS)));
}

/** The template's date columns: ReportedDate, NFADate, TankInstallationDate, TankClosureDate, ... */
const isDateColumn = (header: string) => /date$/i.test(header.trim());

/**
 * The rows of one sheet in order, each with its row number as its line. A date cell is a number
 * whose format says "date"; the template's date columns are named so (they end in "Date"), and
 * their numbers are read as dates here rather than from the styles, which exceljs' streaming
 * reader does not apply reliably when the styles come after the sheets in the zip. A cell of a
 * column the workbook's mapping sheets cover is read as its EPA value (workbook-mappings.ts).
 */
export async function* readSheetRecords(file: string, sheet: WorkbookSheet, mappings: ColumnMappings = new Map()): AsyncGenerator<CsvRecord> {
  const reader = openWorkbookReader(file);
  let dateColumns: boolean[] | undefined;
  let columnMappings: Array<ValueMapping | undefined> | undefined;
  for await (const worksheet of reader) {
    const { id } = worksheet as unknown as { id: number | string };
    if (Number(id) !== sheet.part) {
      await passOver(worksheet);
      continue;
    }
    for await (const row of worksheet) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1); // exceljs puts column A at index 1
      const cells = Array.from(values, (value, column) =>
        typeof value === 'number' && dateColumns?.[column] ? serialToDate(value, sheet.date1904) : toEpaValue(columnMappings?.[column], cellText(value)),
      );
      dateColumns ??= cells.map(isDateColumn);
      columnMappings ??= cells.map((header) => mappings.get(headerKey(header)));
      yield { line: row.number, cells };
    }
  }
}
