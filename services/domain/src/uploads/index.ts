/** What an uploaded file may hold, checked as it is read (`@ust/domain/uploads`: small, and safe to load in a worker thread). */
export { CsvFieldLimits, FieldLimitError, importColumnLimits, type ColumnLimits } from './csv-field-limits.js';
export { detectFormat, headerKey, type FileFormat } from './file-format.js';
