/** States' own exports read through declared mappings (mapping.ts): the gateway recognises an upload with them, the importer reads it. */
export { columnsRead, recognises, translateRecords, type ColumnSource, type CsvRecord, type NativeRow, type StateMapping } from './mapping.js';
export { STATE_MAPPINGS } from './mappings/index.js';
