/**
 * Rows as ClickHouse's TabSeparated text, the cheapest text format for the engine to read: as
 * JSONEachRow, each facility summary's risk assessment is a JSON document inside a JSON string,
 * which the engine must unescape character by character (decision 0125). Only flat rows are
 * encoded (strings, finite numbers, booleans, null); a row with a nested value, or rows whose
 * columns differ, are left to JSONEachRow.
 */

/** A batch of rows as TabSeparated text, in the order of `columns`. */
export interface TabSeparatedRows {
  columns: string[];
  /** UTF-8 text, one line per row; a buffer of its own, so a thread can hand it over without a copy. */
  body: Uint8Array;
}

/** The characters TabSeparated escapes inside a value, and their escapes. */
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const NEEDS_ESCAPE = /[\\\t\n\r]/;
const TO_ESCAPE = /[\\\t\n\r]/g;

/** ClickHouse's NULL in TabSeparated text; a column that is not Nullable takes its default, as for JSON's null. */
const NULL = '\\N';

/**
 * The rows as TabSeparated text with the columns of the first row, or undefined when a row holds
 * a value TabSeparated cannot carry as JSONEachRow would (an object, an array, undefined) or has
 * other columns than the first. A non-finite number, which JSON writes as null, is NULL.
 */
export function encodeTabSeparated(rows: readonly object[]): TabSeparatedRows | undefined {
  const [first] = rows;
  if (!first) return undefined;
  const columns = Object.keys(first);
  const lines: string[] = [];
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length) return undefined;
    const fields: string[] = [];
    for (let index = 0; index < columns.length; index += 1) {
      if (keys[index] !== columns[index]) return undefined;
      const field = encodeField((row as Record<string, unknown>)[keys[index]!]);
      if (field === undefined) return undefined;
      fields.push(field);
    }
    lines.push(fields.join('\t'));
  }
  return { columns, body: new TextEncoder().encode(`${lines.join('\n')}\n`) };
}

function encodeField(value: unknown): string | undefined {
  // A key whose value is undefined is absent from JSON, so the column takes its default, which
  // NULL would not give a Nullable column with a default expression.
  if (value === null) return NULL;
  switch (typeof value) {
    case 'string':
      return NEEDS_ESCAPE.test(value) ? value.replace(TO_ESCAPE, (character) => ESCAPES[character]!) : value;
    case 'number':
      // JSON.stringify writes NaN and the infinities as null.
      return Number.isFinite(value) ? String(value) : NULL;
    case 'boolean':
      // 1 and 0 read as a Bool and as an integer column alike.
      return value ? '1' : '0';
    default:
      return undefined;
  }
}

/**
 * encodeTabSeparated on the event loop of a thread that serves requests: `rowsPerTurn` rows at a
 * time, with a turn of the loop between, so a batch of 20,000 records is never one long task.
 * Undefined as encodeTabSeparated, when a row cannot go or has other columns than the first.
 */
export async function encodeTabSeparatedInTurns(rows: readonly object[], rowsPerTurn = 2_000): Promise<TabSeparatedRows | undefined> {
  const bodies: Uint8Array[] = [];
  let columns: string[] | undefined;
  for (let start = 0; start < rows.length; start += rowsPerTurn) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const part = encodeTabSeparated(rows.slice(start, start + rowsPerTurn));
    if (!part || (columns !== undefined && part.columns.join('\t') !== columns.join('\t'))) return undefined;
    columns ??= part.columns;
    bodies.push(part.body);
  }
  if (columns === undefined) return undefined;
  return { columns, body: bodies.length === 1 ? bodies[0]! : Buffer.concat(bodies) };
}
