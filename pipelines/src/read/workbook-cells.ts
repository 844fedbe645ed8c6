/** What the workbook readers share: the streaming reader, a cell read as CSV text, and a sheet passed over unread. */
import ExcelJS from 'exceljs';

/**
 * exceljs' streaming reader over a workbook: sheets one at a time as they come in the zip, shared
 * strings kept (sheets refer to them), styles, hyperlinks and other entries not read.
 */
export function openWorkbookReader(file: string): ExcelJS.stream.xlsx.WorkbookReader {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'ignore',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  // The readers know a sheet by its part (xl/worksheets/sheetN.xml, WorkbookSheet.part). exceljs
  // renames a worksheet to the sheetId the workbook part gives it, which need not be N, and
  // throws when that part follows the sheets in the zip (a zip's order is the writer's choice).
  // With no sheets to look up, every worksheet keeps its part's number, in any order.
  Object.defineProperty(reader, 'model', { get: () => ({ sheets: [] }), set: () => undefined });
  return reader;
}

/** A cell as the CSV readers read it: text, an ISO date for a date cell, '' for none. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    // A date without a time of day, as a spreadsheet date cell holds one (stored at UTC midnight).
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return ''; // an error cell (#N/A): no value
}

/**
 * Reads a sheet that is not wanted to its end as bytes, without parsing it. When the sheets come
 * before the shared strings in the zip, exceljs spills each to a temporary file and deletes it as
 * soon as the loop moves on; a stream of that file left unread would then fail to open, and its
 * error would be uncaught. (`iterator` is the worksheet reader's source, a field exceljs keeps.)
 */
export async function passOver(worksheet: unknown): Promise<void> {
  const { iterator } = worksheet as { iterator: AsyncIterable<unknown> };
  for await (const _chunk of iterator) {
    // Bytes only.
  }
}
