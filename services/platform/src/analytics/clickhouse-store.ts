import { createClient } from '@clickhouse/client';
import type { AnalyticsStore } from '../ports/analytics-store.js';
import { ClientAnalyticsStore, jsonRowCodec } from './client-store.js';

export interface ClickHouseStoreOptions {
  /** http(s)://host:port of the ClickHouse server's HTTP interface. */
  url: string;
  database: string;
  username?: string;
  password?: string;
  /** @defaultValue 30000 */
  requestTimeoutMs?: number;
  /** CLICKHOUSE_CLUSTER: the cluster the tables are spread over. @defaultValue one node */
  cluster?: string;
}

/** Production adapter: a ClickHouse server over HTTP. Creates the database if it is missing. */
export async function createClickHouseStore(options: ClickHouseStoreOptions): Promise<AnalyticsStore> {
  const credentials = { username: options.username ?? 'default', password: options.password ?? '' };
  const bootstrap = createClient({ url: options.url, ...credentials, request_timeout: 10_000 });
  try {
    await bootstrap.command({ query: `CREATE DATABASE IF NOT EXISTS ${quoteIdentifier(options.database)}` });
  } finally {
    await bootstrap.close();
  }
  const client = createClient({
    url: options.url,
    ...credentials,
    database: options.database,
    request_timeout: options.requestTimeoutMs ?? 30_000,
    json: jsonRowCodec,
    // Numbers, not strings, for 64-bit integers: the platform's counts stay far below 2^53.
    clickhouse_settings: { date_time_input_format: 'best_effort', output_format_json_quote_64bit_integers: 0 },
  });
  const target = new URL(options.url);
  target.username = '';
  target.password = '';
  return new ClientAnalyticsStore({
    adapter: 'clickhouse',
    target: target.toString().replace(/\/$/, ''),
    database: options.database,
    cluster: options.cluster,
    client,
  });
}

/** Identifiers cannot be query parameters; this accepts only plain names. */
export function quoteIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Invalid identifier ${JSON.stringify(name)}`);
  return `\`${name}\``;
}
