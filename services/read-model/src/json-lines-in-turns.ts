/**
 * Parses JSONEachRow text a slice at a time, giving the event loop a turn between slices: a job
 * reading 100,000 rows on the API's thread (the embedded platform runs the workers there) must
 * not hold a search for the half second one parse of all of them takes.
 */

/** Lines parsed between turns of the event loop: a few milliseconds of work. */
const LINES_PER_TURN = 2_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function parseJsonLinesInTurns<Row>(text: string): Promise<Row[]> {
  const rows: Row[] = [];
  let from = 0;
  let parsed = 0;
  while (from < text.length) {
    const end = text.indexOf('\n', from);
    const line = end === -1 ? text.slice(from) : text.slice(from, end);
    from = end === -1 ? text.length : end + 1;
    if (line === '') continue;
    rows.push(JSON.parse(line) as Row);
    if (++parsed % LINES_PER_TURN === 0) await nextTurn();
  }
  return rows;
}

/** Runs `work` on each slice of `items` in turn, giving the event loop a turn between slices. */
export async function inTurns<Item>(items: readonly Item[], perTurn: number, work: (slice: readonly Item[]) => void): Promise<void> {
  for (let from = 0; from < items.length; from += perTurn) {
    work(items.slice(from, from + perTurn));
    await nextTurn();
  }
}
