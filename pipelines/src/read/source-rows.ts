import { readCsvRecords } from './csv-rows.js';
import { bindHeaders, type AliasTable, type BoundHeaders, type SourceRow } from './headers.js';
import type { SourceFile } from './read-context.js';
import { translateRecords } from '@ust/domain/state-native';
import { readSheetRecords } from './workbook.js';

/** The data rows of a CSV file or a workbook's sheet, read by the canonical fields of `aliases`. */
export async function* readSourceRows<F extends string>(
  file: Pick<SourceFile, 'path' | 'sheet' | 'mapping' | 'columnMappings'>,
  aliases: AliasTable<F>,
): AsyncGenerator<SourceRow<F>> {
  let bound: BoundHeaders<F> | undefined;
  const records = file.sheet ? readSheetRecords(file.path, file.sheet, await file.columnMappings?.()) : readCsvRecords(file.path);
  for await (const record of file.mapping ? translateRecords(records, file.mapping) : records) {
    if (!bound) {
      bound = bindHeaders(record.cells, aliases);
      continue;
    }
    yield bound.row(record.line, record.cells);
  }
}
