/**
 * CSV records with the line each starts on. Addresses in DC's and the tribal files hold line
 * breaks inside quoted cells, so a record's line is not its index + 2: csv-parse reports the
 * line a record ends on, and the breaks inside its cells give back the line it starts on.
 */
import { createReadStream } from 'node:fs';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { parse, type Info } from 'csv-parse';
import { CsvFieldLimits, importColumnLimits } from '@ust/domain/uploads';
import { sourceFileError } from './source-file-error.js';

export interface CsvRecord {
  /** 1-based line the record starts on (the header is line 1). */
  line: number;
  cells: string[];
}

const LINE_BREAK = /\n/g;
const CR = 0x0d;
const LF = 0x0a;

/**
 * CRLF and lone CR -> LF before parsing: csv-parse counts the CR and the LF of a CRLF as a
 * line each, so its line numbers drift in Windows files. Bytes, not text: CR and LF never occur
 * inside a UTF-8 multi-byte sequence.
 */
export class LineFeeds extends Transform {
  #afterCr = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const out = Buffer.allocUnsafe(chunk.length);
    let length = 0;
    // A CRLF split across two chunks: the CR already became LF.
    let index = this.#afterCr && chunk[0] === LF ? 1 : 0;
    this.#afterCr = false;
    for (; index < chunk.length; index += 1) {
      const byte = chunk[index]!;
      if (byte !== CR) {
        out[length++] = byte;
        continue;
      }
      out[length++] = LF;
      if (index + 1 === chunk.length) this.#afterCr = true;
      else if (chunk[index + 1] === LF) index += 1;
    }
    done(null, out.subarray(0, length));
  }
}

/** Passes the bytes on once the field limits passed them, so the parser never builds a record over them. */
class FieldLimitsCheck extends Transform {
  readonly #limits = new CsvFieldLimits(importColumnLimits);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.#limits.check(chunk);
      // Past a quoted field over its limit the scan has its verdict coming; the parser need not hold the field meanwhile.
      done(null, this.#limits.refusing ? undefined : chunk);
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.#limits.end();
      done();
    } catch (error) {
      done(error as Error);
    }
  }
}

/** `onRecordParsed` hears the line each record ends on as the parser completes it, ahead of whoever consumes the records. */
function parserFor(file: string, onRecordParsed: (endLine: number) => void) {
  // pipeline() ends every stage with the first error, so a refused field ends the records' iteration with it.
  return pipeline(
    createReadStream(file),
    new FieldLimitsCheck(),
    new LineFeeds(),
    // Rows shorter or longer than the header are read as they are: a short row's missing cells
    // are blank values, not a reason to stop the whole file.
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      on_record: (record, context) => {
        onRecordParsed(context.lines);
        return record;
      },
    }),
    () => {},
  );
}

/** Every record of the file, the header first; a malformed file throws a SourceFileError naming the line. */
export async function* readCsvRecords(file: string): AsyncGenerator<CsvRecord> {
  // The parser's, not this loop's: records it completed wait in the streams' buffers, and a file
  // that turns out malformed ends the stream with them unread, however fast they were consumed.
  let lastParsedLine = 0;
  try {
    for await (const { record, info } of parserFor(file, (line) => (lastParsedLine = line)) as AsyncIterable<{ record: string[]; info: Info }>) {
      const breaks = record.reduce((sum, cell) => sum + (cell.match(LINE_BREAK)?.length ?? 0), 0);
      yield { line: info.lines - breaks, cells: record };
    }
  } catch (error) {
    throw sourceFileError(file, error, lastParsedLine);
  }
}

/** The header row only (to recognise a file's format), or null for an empty file. */
export async function readCsvHeader(file: string): Promise<string[] | null> {
  const records = readCsvRecords(file);
  try {
    const first = await records.next();
    return first.done ? null : first.value.cells;
  } finally {
    await records.return(undefined);
  }
}
