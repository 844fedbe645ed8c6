import { FieldLimitError } from '@ust/domain/uploads';

/**
 * A source file that cannot be read to its end (malformed CSV, unreadable file). It stops the
 * import, which is recorded as failed with this message: file, line and what was wrong.
 */
export class SourceFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly problem: string,
  ) {
    super(`${file}${line === undefined ? '' : `, line ${line}`}: ${problem}`);
    this.name = 'SourceFileError';
  }
}

/** csv-parse's error properties the message is built from (its CsvError class is not exported as a type we can rely on). */
interface CsvParseError {
  code: string;
  message: string;
  lines?: number;
}

const isCsvParseError = (error: unknown): error is CsvParseError => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('CSV_');
};

/**
 * The error of reading `file`, where the last complete record ended on `lastLine`. An unclosed
 * quote swallows the rest of the file, so the record it opens is where it went wrong: the line
 * after the last complete one, not the end of the file csv-parse reports.
 */
export function sourceFileError(file: string, error: unknown, lastLine: number): SourceFileError {
  if (error instanceof SourceFileError) return error;
  if (error instanceof FieldLimitError)
    return new SourceFileError(file, error.line, error.column === null ? error.problem : `${error.column}: ${error.problem}`);
  if (isCsvParseError(error)) {
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      return new SourceFileError(file, lastLine + 1, 'a quoted cell opened in this record is never closed (the file ends inside quotes)');
    }
    const problem = error.message.replace(/\s*at line \d+\.?$/, '');
    return new SourceFileError(file, error.lines ?? lastLine + 1, `malformed CSV (${error.code}): ${problem}`);
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') return new SourceFileError(file, undefined, `cannot read the file (${code})`);
  return new SourceFileError(file, lastLine + 1, error instanceof Error ? error.message : String(error));
}
