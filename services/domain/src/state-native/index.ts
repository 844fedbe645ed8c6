/** States' own exports read through declared mappings (mapping.ts): the gateway recognises an upload with them, the importer reads it. */
export {
  columnsRead,
  leftOutRows,
  recognises,
  translateRecords,
  type ColumnSource,
  type CsvRecord,
  type LeftOutRow,
  type NativeRow,
  type StateMapping,
} from './mapping.js';
export { STATE_MAPPINGS } from './mappings/index.js';
