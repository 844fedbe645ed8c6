/**
 * A JSON-lines file read as it comes off the disk: its whole lines in one batch per chunk read,
 * so a caller working through thousands of lines lets the event loop turn between batches, and
 * never holds the whole file as one string. A last line without its line end (a stop cut the
 * write short, or a writer is appending) is left out.
 */
import { createReadStream } from 'node:fs';

/** The file's whole lines in batches; none when the file does not exist. */
export async function* jsonLineBatches(file: string): AsyncGenerator<string[]> {
  let carried = '';
  try {
    for await (const chunk of createReadStream(file, { encoding: 'utf8' }) as AsyncIterable<string>) {
      const text = carried + chunk;
      const end = text.lastIndexOf('\n');
      if (end < 0) {
        carried = text;
        continue;
      }
      carried = text.slice(end + 1);
      yield text
        .slice(0, end)
        .split('\n')
        .filter((line) => line !== '');
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Each whole line parsed, in file order. */
export async function* jsonLineValues<Value>(file: string): AsyncGenerator<Value> {
  for await (const lines of jsonLineBatches(file)) for (const line of lines) yield JSON.parse(line) as Value;
}

/** The values as JSON lines, as one array of bytes. */
export function toJsonLines(values: readonly unknown[]): Uint8Array {
  return new TextEncoder().encode(values.map((value) => `${JSON.stringify(value)}\n`).join(''));
}
