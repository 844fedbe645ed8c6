import { Readable } from 'node:stream';
import type { ClickHouseClient } from '@clickhouse/client';
import type { AnalyticsStore, QueryParams } from '../ports/analytics-store.js';

/** Marks a row object that carries its own JSON text (see `jsonRowCodec`). */
const RAW_JSON = Symbol('raw JSON row');
type RawJsonRow = { [RAW_JSON]: string };

/**
 * The client's JSON codec: a row that carries its JSON text is written as that text, so rows
 * that arrived as JSON are not parsed and encoded again on their way into ClickHouse.
 */
export const jsonRowCodec = {
  parse: JSON.parse,
  stringify: (value: unknown): string =>
    typeof value === 'object' && value !== null && RAW_JSON in value ? (value as RawJsonRow)[RAW_JSON] : JSON.stringify(value),
};

/** docs/decisions/0022-chdb-discipline.md: chDB inserts stay at or below 50,000 rows per statement. */
export const MAX_INSERT_BATCH = 50_000;

export interface ClientStoreOptions {
  adapter: AnalyticsStore['adapter'];
  target: string;
  database: string;
  /** @defaultValue one node */
  cluster?: string;
  client: ClickHouseClient;
  /** Runs after `close()` closed the client (e.g. releasing a data-directory lock). */
  onClose?: () => Promise<void> | void;
  /** @defaultValue MAX_INSERT_BATCH */
  maxInsertBatch?: number;
  /**
   * Inserts a TabSeparated body without the client's stream (chDB: its bytes go to the engine
   * as they are, where the client would first make one string of the statement and the body).
   */
  insertTabSeparated?: (table: string, columns: readonly string[], body: Uint8Array) => Promise<void>;
  /** Hands memory the engine freed back to the operating system; run after every long statement (chDB). */
  releaseMemory?: () => Promise<void>;
}

/**
 * A statement that ran this long is taken to have allocated a lot. A release takes the engine's
 * time too, so the many short statements are not followed by one (decision 0118).
 */
export const RELEASE_MEMORY_AFTER_MS = 100;

/**
 * The AnalyticsStore over a `@clickhouse/client` client. Both adapters use it: only the
 * client's connection differs (HTTP to a server, or chDB in-process).
 */
export class ClientAnalyticsStore implements AnalyticsStore {
  readonly adapter: AnalyticsStore['adapter'];
  readonly target: string;
  readonly database: string;
  readonly cluster: string | undefined;
  private readonly client: ClickHouseClient;
  private readonly maxInsertBatch: number;
  private readonly onClose: (() => Promise<void> | void) | undefined;
  private readonly releaseMemory: (() => Promise<void>) | undefined;
  private readonly insertTabSeparatedBody: ClientStoreOptions['insertTabSeparated'];
  private closed = false;
  /** Statements still running: close() lets them finish instead of cutting the engine away. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(options: ClientStoreOptions) {
    this.adapter = options.adapter;
    this.target = options.target;
    this.database = options.database;
    this.cluster = options.cluster;
    this.client = options.client;
    this.maxInsertBatch = options.maxInsertBatch ?? MAX_INSERT_BATCH;
    this.onClose = options.onClose;
    this.releaseMemory = options.releaseMemory;
    this.insertTabSeparatedBody = options.insertTabSeparated;
  }

  query<Row = Record<string, unknown>>(sql: string, params: QueryParams = {}): Promise<Row[]> {
    return this.track(async () => {
      const result = await this.client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
      return result.json<Row>();
    });
  }

  queryText(sql: string, params: QueryParams = {}): Promise<string> {
    return this.track(async () => {
      const result = await this.client.query({ query: sql, query_params: params, format: 'JSONEachRow' });
      return result.text();
    });
  }

  queryJsonBytes(sql: string, params: QueryParams = {}): Promise<Uint8Array> {
    return this.queryBytes(sql, 'JSONEachRow', params);
  }

  queryCompactJsonBytes(sql: string, params: QueryParams = {}): Promise<Uint8Array> {
    return this.queryBytes(sql, 'JSONCompactEachRowWithNames', params);
  }

  /** The engine's bytes of `sql`'s rows in `format`, as they came. */
  private queryBytes(sql: string, format: string, params: QueryParams): Promise<Uint8Array> {
    return this.track(async () => {
      // The client appends the same clause to a query; exec hands back the engine's bytes as they came.
      const { stream } = await this.client.exec({ query: `${sql}\nFORMAT ${format}`, query_params: params });
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
      return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    });
  }

  command(sql: string, params: QueryParams = {}): Promise<void> {
    return this.track(async () => {
      await this.client.command({ query: sql, query_params: params });
    });
  }

  insert<Row extends object>(table: string, rows: readonly Row[]): Promise<void> {
    return this.track(async () => {
      for (let start = 0; start < rows.length; start += this.maxInsertBatch) {
        const values = rows.slice(start, start + this.maxInsertBatch);
        await this.client.insert({ table, values: values as Row[], format: 'JSONEachRow' });
      }
    });
  }

  insertJsonRows(table: string, rows: readonly string[]): Promise<void> {
    return this.insert(
      table,
      rows.map((json): RawJsonRow => ({ [RAW_JSON]: json })),
    );
  }

  insertTabSeparated(table: string, columns: readonly string[], body: Uint8Array): Promise<void> {
    return this.track(async () => {
      if (this.insertTabSeparatedBody) return this.insertTabSeparatedBody(table, columns, body);
      const [first, ...rest] = columns;
      if (first === undefined) throw new Error(`insertTabSeparated into ${table}: no columns`);
      await this.client.insert({
        table,
        columns: [first, ...rest],
        values: Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]),
        format: 'TabSeparated',
      });
    });
  }

  private track<T>(run: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`AnalyticsStore (${this.adapter}) is closed`));
    const promise = this.releasingAfter(run);
    this.inFlight.add(promise);
    const forget = () => this.inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  private async releasingAfter<T>(run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      if (this.releaseMemory && performance.now() - started >= RELEASE_MEMORY_AFTER_MS) await this.releaseMemory();
    }
  }

  async ping(): Promise<boolean> {
    try {
      const rows = await this.query<{ ok: number }>('SELECT 1 AS ok');
      return rows[0]?.ok === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    await this.client.close();
    await this.onClose?.();
  }
}
