/**
 * Header spellings -> canonical fields. States spell the same template column as `FACILITYID`,
 * `FacilityID` or `Facility ID`, and Illinois writes ` FacilityState` with a leading space:
 * comparing lower-case letters and digits only makes those one key, and an alias table per
 * record type lists the keys each field goes by.
 */
import { headerKey } from '@ust/domain/uploads';

/** The comparison key of a header (`@ust/domain/uploads`, which the gateway's upload check shares). */
export { headerKey };

/** Canonical field -> header keys it may appear under (see `headerKey`), most specific first. */
export type AliasTable<F extends string> = Readonly<Record<F, readonly string[]>>;

/** A record's cells read by canonical field. */
export interface SourceRow<F extends string> {
  /** Line the record starts on in its file. */
  line: number;
  /** The raw cell of a field, or undefined when the file has no such column. */
  get(field: F): string | undefined;
  /** The column's header as the file spells it (for reject rows), or the field name. */
  header(field: F): string;
}

export interface BoundHeaders<F extends string> {
  has(field: F): boolean;
  row(line: number, cells: readonly string[]): SourceRow<F>;
}

/** Resolves each field of `aliases` to its column in `headers`; the first matching column wins. */
export function bindHeaders<F extends string>(headers: readonly string[], aliases: AliasTable<F>): BoundHeaders<F> {
  const columnByKey = new Map<string, number>();
  headers.forEach((header, index) => {
    const key = headerKey(header);
    if (!columnByKey.has(key)) columnByKey.set(key, index);
  });
  const columns = new Map<F, number>();
  for (const field of Object.keys(aliases) as F[]) {
    const column = aliases[field].map((key) => columnByKey.get(key)).find((index) => index !== undefined);
    if (column !== undefined) columns.set(field, column);
  }
  const headerOf = (field: F) => {
    const column = columns.get(field);
    return column === undefined ? field : (headers[column] ?? field).trim();
  };
  return {
    has: (field) => columns.has(field),
    row: (line, cells) => ({
      line,
      get: (field) => {
        const column = columns.get(field);
        return column === undefined ? undefined : cells[column];
      },
      header: headerOf,
    }),
  };
}
