/**
 * What one field and one row of an uploaded file may hold: a portfolio file and an import's CSV
 * files alike (docs/decisions/0041-upload-field-limits.md). The real state files hold at most
 * 291 characters in a field and 55 columns; a file past these is refused, naming the line, the
 * column and the limit.
 */

/** Characters of a portfolio row's reference. */
export const MAX_REFERENCE_CHARS = 200;
/** Characters of an address (a street line, or a one-field address). */
export const MAX_ADDRESS_CHARS = 500;
/** Characters of any other field. */
export const MAX_FIELD_CHARS = 1_000;
/** Columns of a row, the header included. */
export const MAX_COLUMNS = 100;
