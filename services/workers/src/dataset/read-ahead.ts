/**
 * A rebuild alternates between waiting for the engine (a page of rows, an insert) and working on
 * what came back; done in turn, each waits for the other. Here the engine's next statement is
 * started before this thread works on the current page, so the two run at once on two cores.
 * At most one page is read ahead and one write is in flight: memory stays at two pages. Work on a
 * page goes in slices (`mapInSlices`): a page read in several queries needs this thread's loop to
 * send the next one when the last answers.
 */
import { turnsEvery } from '../event-loop-turns.js';

/** Marks a promise as handled until someone awaits it: a read ahead may fail while the caller is busy. */
const handled = <T>(promise: Promise<T>): Promise<T> => {
  promise.catch(() => undefined);
  return promise;
};

/**
 * Each page `readNext` reads after the one before (`undefined` for the first), the next one
 * asked for as soon as a page arrives. `readNext` answers `undefined` when there is no next page.
 */
export async function* readAhead<Page>(readNext: (previous: Page | undefined) => Promise<Page> | undefined): AsyncGenerator<Page> {
  let coming = readNext(undefined);
  while (coming) {
    const page = await handled(coming);
    coming = readNext(page);
    if (coming) handled(coming);
    yield page;
  }
}

/**
 * The pages of a keyset-paged read (`read(after)` answers up to `pageSize` rows whose key is
 * above `after`, in key order), each read while the caller works on the one before.
 */
export function keysetPages<Row>(read: (after: string) => Promise<Row[]>, keyOf: (row: Row) => string, pageSize: number): AsyncGenerator<Row[]> {
  return readAhead<Row[]>((previous) => {
    if (!previous) return read('');
    const last = previous[previous.length - 1];
    return last && previous.length >= pageSize ? read(keyOf(last)) : undefined;
  });
}

/**
 * Writes that run while the caller prepares the next: `write` waits for the one before it (so
 * one is in flight, and a failure surfaces at the next `write` or at `flush`).
 */
export class WriteBehind {
  private inFlight: Promise<void> = Promise.resolve();

  async write(run: () => Promise<void>): Promise<void> {
    await this.inFlight;
    this.inFlight = handled(run());
  }

  /** Waits for the last write; throws its failure. */
  async flush(): Promise<void> {
    await this.inFlight;
  }
}

/** Milliseconds of work between turns of this thread's event loop. */
const SLICE_MS = 10;

/** `items` mapped by `map`, the thread's event loop turning every few milliseconds meanwhile. */
export async function mapInSlices<Item, Result>(items: readonly Item[], map: (item: Item) => Result): Promise<Result[]> {
  const results: Result[] = [];
  const turn = turnsEvery(SLICE_MS);
  for (const item of items) {
    results.push(map(item));
    await turn();
  }
  return results;
}
