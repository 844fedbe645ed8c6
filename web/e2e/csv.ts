/** CSV for the browser tests: reading what an export downloaded, writing a file to upload. */

/** The records of a CSV (quoted cells may hold commas, quotes and line ends). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      index++;
    } else cell += char;
  }
  if (cell || record.length) records.push([...record, cell]);
  return records;
}

/** Records as CSV text with CRLF line ends; a cell with a comma, a quote or a line end is quoted (RFC 4180). */
export function toCsv(records: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return records.map((record) => record.map(cell).join(',')).join('\r\n') + '\r\n';
}
