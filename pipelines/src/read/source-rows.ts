import { readCsvRecords } from './csv-rows.js';
import { bindHeaders, type AliasTable, type BoundHeaders, type SourceRow } from './headers.js';

/** The data rows of a CSV file, read by the canonical fields of `aliases`. */
export async function* readSourceRows<F extends string>(path: string, aliases: AliasTable<F>): AsyncGenerator<SourceRow<F>> {
  let bound: BoundHeaders<F> | undefined;
  for await (const record of readCsvRecords(path)) {
    if (!bound) {
      bound = bindHeaders(record.cells, aliases);
      continue;
    }
    yield bound.row(record.line, record.cells);
  }
}
