/**
 * AnalyticsStore: the ClickHouse port. Production talks to a ClickHouse server over HTTP;
 * the embedded adapter runs the same engine in-process through chDB. Both use
 * `@clickhouse/client`, so SQL, parameters and formats are identical.
 */
export type QueryParams = Record<string, unknown>;

export interface AnalyticsStore {
  /** `clickhouse` (server) or `chdb` (embedded engine). */
  readonly adapter: 'clickhouse' | 'chdb';
  /** Where the adapter points: a URL or a data directory. */
  readonly target: string;
  /** The database every unqualified table name resolves to. */
  readonly database: string;
  /**
   * The ClickHouse cluster (CLICKHOUSE_CLUSTER) the tables are spread over; undefined for one
   * node. Queries read its Distributed tables as they would plain ones; a change to a table's data
   * parts (MODIFY TTL, DROP PARTITION) must run on every shard's local table
   * (`alterTableParts`).
   */
  readonly cluster?: string;
  /** Runs a SELECT with typed `{name:Type}` placeholders and returns the rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<Row[]>;
  /**
   * Runs a SELECT as `query` does and returns its rows as JSONEachRow text (one JSON object per
   * line), unparsed: for a caller that parses them on another thread (the embedded rebuild's).
   */
  queryText(sql: string, params?: QueryParams): Promise<string>;
  /**
   * Runs a SELECT as `queryText` does and returns its JSONEachRow text as UTF-8 bytes, never made a
   * string here: a thread decodes and parses them, and the bytes cross to it without a copy.
   */
  queryJsonBytes(sql: string, params?: QueryParams): Promise<Uint8Array>;
  /**
   * Runs a SELECT as `query` does and returns its rows as JSONCompactEachRowWithNames bytes: a
   * JSON array of the column names on the first line, then one JSON array of values per row. For
   * a thread that makes the rows itself (parseCompactJsonRows): wide rows take less than half the
   * bytes of JSONEachRow, which the engine writes and the thread reads in less time (decision 0125).
   */
  queryCompactJsonBytes(sql: string, params?: QueryParams): Promise<Uint8Array>;
  /** Runs a statement that returns no rows (DDL, INSERT ... SELECT, OPTIMIZE). */
  command(sql: string, params?: QueryParams): Promise<void>;
  /**
   * Inserts rows as JSONEachRow. Large arrays are split into batches of at most
   * `maxInsertBatch` rows (50,000 by default, docs/decisions/0022-chdb-discipline.md).
   */
  insert<Row extends object>(table: string, rows: readonly Row[]): Promise<void>;
  /**
   * Inserts rows that are already JSON objects, one per string (a consumer's message values),
   * without parsing and re-encoding them. Same batching as `insert`.
   */
  insertJsonRows(table: string, rows: readonly string[]): Promise<void>;
  /**
   * Inserts rows already written as TabSeparated text (analytics/tab-separated.ts) into `columns`,
   * which the engine reads faster than JSON. The caller keeps a body to `maxInsertBatch` rows.
   */
  insertTabSeparated(table: string, columns: readonly string[], body: Uint8Array): Promise<void>;
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
