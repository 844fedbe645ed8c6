/**
 * States' own exports, read through declared mappings: a mapping names, for one kind of state
 * file, each template column it fills and the source column (or the small function of a row)
 * that fills it, with the state's value spellings translated to the template's. Its rows then go
 * through the template's readers like any template file's. A new state is a new mapping file in
 * ./mappings, not new reading code. Source columns no mapping of the file reads are reported, one
 * note each, in the import's summary.
 */
import { headerKey, type FileFormat } from '../uploads/file-format.js';

/** A row of a file as read: the line it starts on, and its cells. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A source row by its own headers (compared by headerKey: `Facility Id` = `FACILITYID`). */
export interface NativeRow {
  get(column: string): string;
}

/** What fills a template column: a source column, or a function of the row. */
export type ColumnSource = string | ((row: NativeRow) => string);

export interface StateMapping {
  /** Names the mapping in messages: "Utah facilities (fac.csv)". */
  title: string;
  /** The state whose export it reads: its records are keyed by it. */
  state: string;
  /** The template table its rows become. */
  format: FileFormat;
  /** Source headers that, all present, identify the file (compared by headerKey). */
  signature: readonly string[];
  /** Template column -> what fills it. */
  columns: Readonly<Record<string, ColumnSource>>;
  /** Per template column, the state's spelling (any case) -> the template's value; others pass through. */
  values?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Cell texts that mean "no value" in this state's files (any case), besides blank. */
  blanks?: readonly string[];
  /** Source columns its functions and expansion read, besides those `columns` names. */
  reads?: readonly string[];
  /** One source row may give several template rows (West Virginia lists a facility's tanks in one cell). */
  expand?: (row: NativeRow) => ReadonlyArray<Readonly<Record<string, string>>>;
  /**
   * A file that mixes records of the template table with others (Tennessee's case list holds
   * tank closures beside releases): the source column that tells them apart and the values of
   * the rows kept (any case). The others are left out and reported, each with its value.
   */
  keep?: { column: string; values: readonly string[] };
}

/** A source row a mapping's `keep` leaves out: its line, and the value that decided it. */
export interface LeftOutRow {
  line: number;
  column: string;
  value: string;
}

/** True when `headers` carry every column of the mapping's signature. */
export function recognises(mapping: StateMapping, headers: readonly string[]): boolean {
  const keys = new Set(headers.map(headerKey));
  return mapping.signature.every((column) => keys.has(headerKey(column)));
}

/** The source columns a mapping reads: the named ones (functions and expansions name theirs in `reads`). */
export function columnsRead(mapping: StateMapping): Set<string> {
  const named = Object.values(mapping.columns).filter((source): source is string => typeof source === 'string');
  const kept = mapping.keep ? [mapping.keep.column] : [];
  return new Set([...named, ...(mapping.reads ?? []), ...kept, ...mapping.signature].map(headerKey));
}

/** A cell's text, trimmed, with the state's "no value" spellings as blank. */
function cleaner(mapping: StateMapping): (cell: string | undefined) => string {
  const blanks = new Set((mapping.blanks ?? []).map((text) => text.trim().toLowerCase()));
  return (cell) => {
    const text = (cell ?? '').trim();
    return blanks.has(text.toLowerCase()) ? '' : text;
  };
}

/** A source file's rows as the mapping sees them: its header, then each data row by column name. */
async function* nativeRows(
  records: AsyncIterable<CsvRecord>,
  mapping: StateMapping,
): AsyncGenerator<{ line: number; row: NativeRow } | { line: number; header: string[] }> {
  const clean = cleaner(mapping);
  let columnOf: Map<string, number> | undefined;
  for await (const record of records) {
    if (!columnOf) {
      columnOf = new Map();
      record.cells.forEach((header, index) => {
        const key = headerKey(header);
        if (!columnOf!.has(key)) columnOf!.set(key, index);
      });
      yield { line: record.line, header: record.cells };
      continue;
    }
    const cells = record.cells;
    const index = columnOf;
    yield { line: record.line, row: { get: (column) => clean(cells[index.get(headerKey(column)) ?? -1]) } };
  }
}

/** True when the mapping reads this row: it has no `keep`, or the row's value is one it keeps. */
function isKept(mapping: StateMapping, row: NativeRow): boolean {
  if (!mapping.keep) return true;
  const value = row.get(mapping.keep.column).toLowerCase();
  return mapping.keep.values.some((kept) => kept.toLowerCase() === value);
}

/** The rows the mapping's `keep` leaves out (none without one). */
export async function* leftOutRows(records: AsyncIterable<CsvRecord>, mapping: StateMapping): AsyncGenerator<LeftOutRow> {
  if (!mapping.keep) return;
  for await (const item of nativeRows(records, mapping)) {
    if ('row' in item && !isKept(mapping, item.row)) yield { line: item.line, column: mapping.keep.column, value: item.row.get(mapping.keep.column) };
  }
}

/** The mapping's records: a header row of template columns, then each source row it keeps, translated. */
export async function* translateRecords(records: AsyncIterable<CsvRecord>, mapping: StateMapping): AsyncGenerator<CsvRecord> {
  const clean = cleaner(mapping);
  const templateColumns = Object.keys(mapping.columns);
  for await (const item of nativeRows(records, mapping)) {
    if ('header' in item) {
      yield { line: item.line, cells: templateColumns };
      continue;
    }
    const row = item.row;
    if (!isKept(mapping, row)) continue;
    const translated = templateColumns.map((column) => {
      const source = mapping.columns[column]!;
      const value = typeof source === 'string' ? row.get(source) : clean(source(row));
      return mapping.values?.[column]?.[value.toLowerCase()] ?? value;
    });
    if (!mapping.expand) {
      yield { line: item.line, cells: translated };
      continue;
    }
    for (const extra of mapping.expand(row)) {
      yield { line: item.line, cells: templateColumns.map((column, index) => extra[column] ?? translated[index]!) };
    }
  }
}
