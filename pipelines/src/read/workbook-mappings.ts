/**
 * The value mapping sheets of an EPA template workbook ("Facility Types mapping", "Tank Statuses
 * mapping", ...): for one of the template's coded fields, each state value ("Organization Value")
 * and the EPA value it stands for. The data sheets normally hold EPA's values already; a cell that
 * still holds a state value named in its field's mapping sheet is read as the EPA value.
 */
import type ExcelJS from 'exceljs';
import type { WorkbookSheet } from '@ust/domain/workbooks';
import { headerKey } from '@ust/domain/uploads';
import { cellText, openWorkbookReader, passOver } from './workbook-cells.js';

/** A mapping sheet's field (its name without " mapping") -> the template columns that hold it (by headerKey). */
const MAPPED_COLUMNS: ReadonlyMap<string, readonly string[]> = new Map([
  ['facility types', ['facilitytype1', 'facilitytype2']],
  ['coordinate sources', ['facilitycoordinatesource', 'coordinatesource']],
  ['tank statuses', ['tankstatus']],
  ['compartment statuses', ['compartmentstatus']],
  ['tank material desc', ['tankmaterialdescription']],
  ['secondary containment', ['tanksecondarycontainment']],
  ['piping wall types', ['pipingwalltype']],
  ['substances', ['substance', 'substancereleased1', 'substancereleased2', 'substancereleased3', 'substancereleased4', 'substancereleased5']],
  ['release statuses', ['ustreleasestatus', 'luststatus']],
]);

/** One field's mapping: state value -> EPA value, and the EPA values, which are never translated again. */
export interface ValueMapping {
  toEpa: ReadonlyMap<string, string>;
  epaValues: ReadonlySet<string>;
}

/** A workbook's mappings by template column (headerKey). */
export type ColumnMappings = ReadonlyMap<string, ValueMapping>;

const mappedField = (sheet: WorkbookSheet) => /^(.*) mapping$/i.exec(sheet.name.trim())?.[1]?.toLowerCase();

/**
 * Reads the workbook's value mapping sheets (small: a row per state value), passing over every
 * other sheet unparsed. A mapping sheet of a field the template columns above do not name, or
 * one without "Organization Value" and "EPA Value" columns, is not used.
 */
export async function readColumnMappings(file: string, sheets: readonly WorkbookSheet[]): Promise<ColumnMappings> {
  const fieldOfPart = new Map(sheets.flatMap((sheet) => (MAPPED_COLUMNS.has(mappedField(sheet) ?? '') ? [[sheet.part, mappedField(sheet)!] as const] : [])));
  const byColumn = new Map<string, ValueMapping>();
  if (fieldOfPart.size === 0) return byColumn;
  const reader = openWorkbookReader(file);
  for await (const worksheet of reader) {
    const field = fieldOfPart.get(Number((worksheet as unknown as { id: number | string }).id));
    if (!field) {
      await passOver(worksheet);
      continue;
    }
    const toEpa = new Map<string, string>();
    const epaValues = new Set<string>();
    let columns: { state: number; epa: number } | undefined;
    for await (const row of worksheet) {
      const cells = Array.from((row.values as ExcelJS.CellValue[]).slice(1), (value) => cellText(value).trim());
      if (!columns) {
        const keys = cells.map(headerKey);
        columns = { state: keys.indexOf('organizationvalue'), epa: keys.indexOf('epavalue') };
        continue;
      }
      const [state, epa] = [cells[columns.state], cells[columns.epa]];
      if (columns.state < 0 || columns.epa < 0 || !state || !epa) continue;
      toEpa.set(state, epa);
      epaValues.add(epa);
    }
    for (const column of MAPPED_COLUMNS.get(field)!) byColumn.set(column, { toEpa, epaValues });
  }
  return byColumn;
}

/** A cell of a mapped column: the EPA value of a state value its mapping names; any other text as it is. */
export function toEpaValue(mapping: ValueMapping | undefined, text: string): string {
  if (!mapping) return text;
  const value = text.trim();
  if (mapping.epaValues.has(value)) return text;
  return mapping.toEpa.get(value) ?? text;
}
