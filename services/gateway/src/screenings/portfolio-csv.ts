/**
 * Reads a portfolio file (docs/decisions/0035-portfolio-matching.md): a CSV of locations,
 * each an address or a latitude and longitude, with the broker's own reference. Problems of
 * the whole file (too large, not UTF-8, a field or a row over its limit
 * (docs/decisions/0041-upload-field-limits.md), no address or coordinate columns, too many
 * rows, broken quoting) are a 400 or 413 UploadError naming the line; a row's own problem
 * (nothing to locate it by, a coordinate out of range, a reference used before) travels with
 * the row, so nothing is dropped unsaid.
 */
import { parse } from 'csv-parse/sync';
import { CsvFieldLimits, FieldLimitError, type ColumnLimits } from '@ust/domain/uploads';
import {
  MAX_ADDRESS_CHARS,
  MAX_FIELD_CHARS,
  MAX_REFERENCE_CHARS,
  MAX_SCREENING_BYTES,
  MAX_SCREENING_ROWS,
  type PortfolioRow,
  type ScreeningInput,
} from '@ust/schemas';
import { UploadError } from '../imports/upload-rules.js';

/** A portfolio file over MAX_SCREENING_BYTES. */
export const portfolioTooLarge = () => new UploadError(413, `file: a portfolio file holds at most ${MAX_SCREENING_BYTES / 1024 / 1024} MB`);

/** A row as read: its line, reference and columns, and what is wrong with it (null when nothing). */

type Column = keyof ScreeningInput | 'reference';

/** Header names each column is known by, compared without case, spaces, dots, dashes or underscores. */
const COLUMN_NAMES: Record<Column, readonly string[]> = {
  reference: ['reference', 'ref', 'clientreference', 'yourreference', 'referenceid', 'locationid', 'locationreference', 'policy', 'policynumber', 'id'],
  address: ['address', 'street', 'streetaddress', 'address1', 'addressline1', 'siteaddress', 'locationaddress'],
  city: ['city', 'town', 'municipality'],
  state: ['state', 'st', 'statecode', 'province'],
  zip: ['zip', 'zipcode', 'zip5', 'postalcode', 'postcode'],
  latitude: ['latitude', 'lat', 'y'],
  longitude: ['longitude', 'lon', 'lng', 'long', 'x'],
};

const headerKey = (name: string) => name.toLowerCase().replace(/[\s._-]/g, '');

export const PORTFOLIO_COLUMNS_HELP =
  'a header row with a reference column and either an address column (with city, state and zip columns if the address holds only the street) or latitude and longitude columns';

/** The rows of a portfolio file, in file order. Throws an UploadError for a problem of the whole file. */
export function readPortfolioCsv(bytes: Buffer): PortfolioRow[] {
  if (bytes.length > MAX_SCREENING_BYTES) throw portfolioTooLarge();
  const text = utf8Text(bytes);
  checkFieldLimits(bytes);
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new UploadError(
      400,
      `${line ? `line ${line}: ` : ''}the CSV cannot be read: ${(error as Error).message.replace(/^Invalid Record Length: |^CsvError: /, '')}`,
    );
  }
  const [header, ...rows] = records;
  if (!header) throw new UploadError(400, 'file: the file is empty; expected ' + PORTFOLIO_COLUMNS_HELP);
  const columns = columnPositions(header);
  if (rows.length === 0) throw new UploadError(400, 'file: the file has a header row but no locations');
  if (rows.length > MAX_SCREENING_ROWS)
    throw new UploadError(
      400,
      `line ${MAX_SCREENING_ROWS + 2}: the file holds ${rows.length.toLocaleString('en-US')} locations; at most ${MAX_SCREENING_ROWS.toLocaleString('en-US')} per file`,
    );
  // csv-parse counts records, not lines: a quoted field may span lines.
  const lines = recordStartLines(text);
  return withReferencesChecked(rows.map((fields, index) => readRow(fields, lines[index]!, columns, header.length)));
}

/** The reference and the address columns hold less than the others (docs/decisions/0041-upload-field-limits.md). */
const portfolioColumnLimits: ColumnLimits = (header) => {
  const columns = findColumns(header);
  return header.map((_, index) => (index === columns.reference ? MAX_REFERENCE_CHARS : index === columns.address ? MAX_ADDRESS_CHARS : MAX_FIELD_CHARS));
};

function checkFieldLimits(bytes: Buffer): void {
  const limits = new CsvFieldLimits(portfolioColumnLimits);
  try {
    limits.check(bytes);
    limits.end();
  } catch (error) {
    if (error instanceof FieldLimitError) throw new UploadError(400, error.message);
    throw error;
  }
}

/**
 * Text of a UTF-8 file; a byte sequence that is not UTF-8 is a 400 naming its line (an
 * export from Excel in Windows-1252 is the usual cause, and the fix is to save as CSV UTF-8).
 */
function utf8Text(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    const line = bytes.subarray(0, at).toString('latin1').split('\n').length;
    throw new UploadError(
      400,
      `line ${line}: the file is not UTF-8 text (byte 0x${bytes[at]!.toString(16).toUpperCase()} at offset ${at}); save it as "CSV UTF-8"`,
    );
  }
}

/** The line (1-based) each data record starts on, the header excluded, honouring quoted newlines and skipped blank lines. */
function recordStartLines(text: string): number[] {
  const starts: number[] = [];
  let line = 1;
  let quoted = false;
  let recordStarted = false;
  let recordLine = 1;
  let records = 0;
  const endRecord = () => {
    if (recordStarted) {
      if (records > 0) starts.push(recordLine);
      records += 1;
    }
    recordStarted = false;
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"') quoted = !quoted;
    if (char === '\n') {
      if (!quoted) endRecord();
      line += 1;
      continue;
    }
    if (char === '\r' || char === '\uFEFF') continue;
    if (!recordStarted) {
      recordStarted = true;
      recordLine = line;
    }
  }
  endRecord();
  return starts;
}

function firstInvalidUtf8(bytes: Buffer): number {
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index]!;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte < 0xe0 ? 2 : byte >= 0xe0 && byte < 0xf0 ? 3 : byte >= 0xf0 && byte < 0xf5 ? 4 : 0;
    if (length === 0) return index;
    for (let next = 1; next < length; next++) if (index + next >= bytes.length || (bytes[index + next]! & 0xc0) !== 0x80) return index;
    // The decoder also refuses overlong forms and surrogates; close enough to name the line.
    if (length > 1 && !isValidSequence(bytes.subarray(index, index + length))) return index;
    index += length;
  }
  return Math.max(0, bytes.length - 1);
}

function isValidSequence(sequence: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sequence);
    return true;
  } catch {
    return false;
  }
}

type Positions = Partial<Record<Column, number>>;

/** Where each known column is in the header; a column the header lacks is absent. */
function findColumns(header: readonly string[]): Positions {
  const keys = header.map(headerKey);
  const positions: Positions = {};
  for (const [column, names] of Object.entries(COLUMN_NAMES) as Array<[Column, readonly string[]]>) {
    // The first of the column's names that the header has, in the order listed ('id' only when no better reference column).
    for (const name of names) {
      const at = keys.indexOf(name);
      if (at >= 0) {
        positions[column] = at;
        break;
      }
    }
  }
  return positions;
}

function columnPositions(header: string[]): Positions {
  const positions = findColumns(header);
  const found = foundColumns(header);
  if (positions.reference === undefined) throw new UploadError(400, `line 1: no reference column (found ${found}); expected ${PORTFOLIO_COLUMNS_HELP}`);
  const hasCoordinates = positions.latitude !== undefined && positions.longitude !== undefined;
  if (positions.address === undefined && !hasCoordinates)
    throw new UploadError(400, `line 1: no address column and no latitude and longitude columns (found ${found}); expected ${PORTFOLIO_COLUMNS_HELP}`);
  if ((positions.latitude === undefined) !== (positions.longitude === undefined))
    throw new UploadError(
      400,
      `line 1: a ${positions.latitude === undefined ? 'longitude' : 'latitude'} column without a ${positions.latitude === undefined ? 'latitude' : 'longitude'} column`,
    );
  return positions;
}

/** Columns of a header row a message lists: the first few, each cut short, so a crafted row does not come back whole. */
const LISTED_COLUMNS = 12;
const LISTED_COLUMN_CHARS = 40;

/** `"name", "phone"`, or `"a", "b", ... and 4,000 more` for a longer header row. */
function foundColumns(header: string[]): string {
  const listed = header.slice(0, LISTED_COLUMNS).map((name) => `"${name.length > LISTED_COLUMN_CHARS ? `${name.slice(0, LISTED_COLUMN_CHARS - 1)}…` : name}"`);
  const more = header.length - listed.length;
  return more > 0 ? `${listed.join(', ')} and ${more.toLocaleString('en-US')} more` : listed.join(', ');
}

function readRow(fields: string[], line: number, columns: Positions, headerLength: number): PortfolioRow {
  const value = (column: Column) => {
    const at = columns[column];
    const text = at === undefined ? '' : (fields[at] ?? '').trim();
    return text === '' ? null : text;
  };
  const input: ScreeningInput = {
    address: value('address'),
    city: value('city'),
    state: value('state'),
    zip: value('zip'),
    latitude: value('latitude'),
    longitude: value('longitude'),
  };
  const row: PortfolioRow = { line, reference: value('reference'), input, problem: null, note: null };
  if (fields.length !== headerLength) row.note = `the row has ${fields.length} fields, the header ${headerLength}`;
  row.problem = locationProblem(input);
  return row;
}

/** Why a row cannot be located from what it gives, or null. */
function locationProblem(input: ScreeningInput): string | null {
  if (input.latitude !== null || input.longitude !== null) {
    if (input.latitude === null || input.longitude === null)
      return `${input.latitude === null ? 'latitude' : 'longitude'}: missing while the other coordinate is given`;
    const latitude = Number(input.latitude);
    const longitude = Number(input.longitude);
    if (!Number.isFinite(latitude)) return `latitude: "${input.latitude}" is not a number`;
    if (!Number.isFinite(longitude)) return `longitude: "${input.longitude}" is not a number`;
    if (latitude < -90 || latitude > 90) return `latitude: ${input.latitude} is out of range (-90 to 90)`;
    if (longitude < -180 || longitude > 180) return `longitude: ${input.longitude} is out of range (-180 to 180)`;
    return null;
  }
  if (input.address === null && input.zip === null && input.city === null) return 'no address and no latitude and longitude';
  return null;
}

/** A reference used by an earlier row is noted on the later one: both are screened, neither is dropped. */
function withReferencesChecked(rows: PortfolioRow[]): PortfolioRow[] {
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (row.reference === null) {
      row.note = joinNotes(row.note, 'no reference');
      continue;
    }
    const key = row.reference.toLowerCase();
    const earlier = firstLine.get(key);
    if (earlier === undefined) firstLine.set(key, row.line);
    else row.note = joinNotes(row.note, `reference "${row.reference}" is also used on line ${earlier}`);
  }
  return rows;
}

const joinNotes = (first: string | null, second: string) => (first ? `${first}; ${second}` : second);
