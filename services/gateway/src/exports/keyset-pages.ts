/**
 * The rows of a list read page by page, each page after the previous page's last row, up to
 * `max` rows: what an export streams from ClickHouse without one statement holding the list.
 */
export async function* keysetPages<Row>(readPage: (after: Row | null, limit: number) => Promise<Row[]>, pageSize: number, max: number): AsyncGenerator<Row> {
  let after: Row | null = null;
  let read = 0;
  while (read < max) {
    const rows = await readPage(after, Math.min(pageSize, max - read));
    yield* rows;
    read += rows.length;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!;
  }
}
