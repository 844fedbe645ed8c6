/**
 * The upload field limits (docs/decisions/0041-upload-field-limits.md), checked on a CSV's bytes
 * as they arrive, before any parser builds records from them: a field is refused once it passes
 * its column's limit and a row once it passes MAX_COLUMNS, so a 10 MB cell or a line of ten
 * million commas costs one pass over its bytes and nothing else. The scan follows the CSV rules
 * csv-parse reads with (comma-separated, a field that opens with a quote runs to its closing
 * quote, `""` inside quotes is one quote); where a file breaks them the parser reports it.
 */
import { MAX_ADDRESS_CHARS, MAX_COLUMNS, MAX_FIELD_CHARS } from '@ust/schemas';

/** The limit, in characters, of each column of the file, given its header row. */
export type ColumnLimits = (header: readonly string[]) => readonly number[];

/** A field or a row over its limit: where, and which limit. */
export class FieldLimitError extends Error {
  constructor(
    /** 1-based line the row starts on. */
    readonly line: number,
    /** The column as the header names it, `column 7` past the header or in the header itself. */
    readonly column: string | null,
    readonly problem: string,
  ) {
    super(`line ${line}${column === null ? '' : `, ${column}`}: ${problem}`);
    this.name = 'FieldLimitError';
  }
}

/** An import file's limits: a column whose name says address holds MAX_ADDRESS_CHARS, any other MAX_FIELD_CHARS. */
export const importColumnLimits: ColumnLimits = (header) =>
  header.map((name) => (name.toLowerCase().includes('address') ? MAX_ADDRESS_CHARS : MAX_FIELD_CHARS));

const UNCLOSED_QUOTE = 'a quoted cell opened in this record is never closed (the file ends inside quotes)';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const BOM = [0xef, 0xbb, 0xbf];

const enum Field {
  /** Nothing of the field read yet: a quote here opens a quoted field. */
  Start,
  Unquoted,
  Quoted,
  /** A quote inside a quoted field: the field ends, unless another quote follows (an escaped quote). */
  QuoteInQuoted,
}

/** Feeds a CSV's bytes through `check`, then `end`; throws a FieldLimitError at the first field or row over its limit. */
export class CsvFieldLimits {
  #state = Field.Start;
  #line = 1;
  #rowLine = 1;
  #column = 0;
  #chars = 0;
  /**
   * A quoted field over its limit: refused once its closing quote shows, or, if the file ends
   * inside it, refused as the unclosed quote it then is (the likelier mistake).
   */
  #overLimitQuoted: FieldLimitError | null = null;
  /** Bytes of the BOM matched so far at the start of the file, or -1 past it. */
  #bomAt = 0;
  /** The byte before was a CR: an LF now completes a CRLF, one line break. */
  #afterCr = false;
  /** The header row as it is read, until its last field. */
  #header: Buffer[] | null = [];
  #headerField: number[] = [];
  #names: readonly string[] = [];
  #limits: readonly number[] = [];

  constructor(private readonly limitsOf: ColumnLimits) {}

  check(chunk: Uint8Array): void {
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index]!;
      if (this.#bomAt >= 0) {
        if (byte === BOM[this.#bomAt]) {
          this.#bomAt = this.#bomAt === BOM.length - 1 ? -1 : this.#bomAt + 1;
          continue;
        }
        this.#bomAt = -1;
      }
      // CRLF and a lone CR are line breaks as LF is, as the readers take them.
      if (byte === LF && this.#afterCr) {
        this.#afterCr = false;
        continue;
      }
      this.#afterCr = byte === CR;
      this.#byte(this.#afterCr ? LF : byte);
    }
  }

  /** The end of the file: a header without a line break after it is still a header. */
  end(): void {
    if (this.#overLimitQuoted) throw new FieldLimitError(this.#overLimitQuoted.line, null, UNCLOSED_QUOTE);
    if (this.#header) this.#endHeader();
  }

  /**
   * Whether the bytes fed since are held back from a parser: from a quoted field over its limit
   * to its verdict, the scan reads on only to learn whether that quote ever closes.
   */
  get refusing(): boolean {
    return this.#overLimitQuoted !== null;
  }

  #byte(byte: number): void {
    switch (this.#state) {
      case Field.Quoted:
        if (byte === QUOTE) this.#state = Field.QuoteInQuoted;
        else this.#char(byte);
        return;
      case Field.QuoteInQuoted:
        if (this.#overLimitQuoted && byte !== QUOTE) throw this.#overLimitQuoted;
        if (byte === QUOTE) {
          this.#state = Field.Quoted;
          this.#char(byte);
          return;
        }
        this.#state = Field.Unquoted;
        break;
      case Field.Start:
        if (byte === QUOTE) {
          this.#state = Field.Quoted;
          return;
        }
        this.#state = Field.Unquoted;
        break;
      case Field.Unquoted:
        break;
    }
    if (byte === COMMA) this.#endField();
    else if (byte === LF) this.#endRow();
    else this.#char(byte);
  }

  /** One byte of a field's value; a line break inside quotes is part of the value and moves to the next line. */
  #char(byte: number): void {
    if (byte === LF) this.#line += 1;
    if (this.#overLimitQuoted) return;
    if (this.#header) this.#headerField.push(byte);
    // A UTF-8 continuation byte is part of the character before it.
    if ((byte & 0xc0) === 0x80) return;
    this.#chars += 1;
    const limit = this.#limits[this.#column] ?? MAX_FIELD_CHARS;
    if (this.#chars > limit) {
      const error = new FieldLimitError(
        this.#rowLine,
        this.#columnName(),
        `the field holds more than ${limit.toLocaleString('en-US')} characters, the limit for this column`,
      );
      if (this.#state !== Field.Quoted) throw error;
      this.#overLimitQuoted = error;
    }
  }

  #endField(): void {
    if (this.#header) {
      this.#header.push(Buffer.from(this.#headerField));
      this.#headerField = [];
    }
    this.#column += 1;
    this.#chars = 0;
    this.#state = Field.Start;
    if (this.#column >= MAX_COLUMNS) {
      throw new FieldLimitError(this.#rowLine, null, `the row holds more than ${MAX_COLUMNS} columns, the limit for a row`);
    }
  }

  #endRow(): void {
    if (this.#header) this.#endHeader();
    this.#line += 1;
    this.#rowLine = this.#line;
    this.#column = 0;
    this.#chars = 0;
    this.#state = Field.Start;
  }

  #endHeader(): void {
    const header = this.#header!;
    header.push(Buffer.from(this.#headerField));
    this.#header = null;
    this.#headerField = [];
    // A blank line before the header is skipped, as the parser skips it.
    if (header.length === 1 && header[0]!.length === 0) {
      this.#header = [];
      return;
    }
    this.#names = header.map((name) => name.toString('utf8').trim());
    this.#limits = this.limitsOf(this.#names);
  }

  #columnName(): string {
    const name = this.#header ? null : this.#names[this.#column];
    return name ? `column "${name.length > 60 ? `${name.slice(0, 59)}…` : name}"` : `column ${this.#column + 1}`;
  }
}
