import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@clickhouse/client';
import type { AnalyticsStore } from '../ports/analytics-store.js';
import { ClientAnalyticsStore, jsonRowCodec } from './client-store.js';
import { quoteIdentifier } from './clickhouse-store.js';

export interface ChdbStoreOptions {
  /** Directory holding the engine's data; created when missing. */
  path: string;
  database: string;
}

let openStore: { path: string; database: string } | undefined;

/**
 * Embedded adapter: the ClickHouse engine in this process through chDB. chDB binds one data
 * directory per process and its session is shared, so a process opens one store at a time;
 * `USE` makes unqualified table names resolve to `database` exactly as the server client's
 * `database` option does. chdb is imported lazily: it must never load in a worker thread, and
 * a process on the server adapter should not pay for it.
 */
export async function createChdbStore(options: ChdbStoreOptions): Promise<AnalyticsStore> {
  const dataPath = path.resolve(options.path);
  if (openStore && (openStore.path !== dataPath || openStore.database !== options.database)) {
    throw new Error(
      `chDB is already open on ${openStore.path} (database ${openStore.database}) in this process; ` + 'one process can use one data directory and database',
    );
  }
  await mkdir(dataPath, { recursive: true });
  const { createChdbConnection } = await import('chdb/connection');
  // chdb types its connection against @clickhouse/client-common, which @clickhouse/client bundles
  // under its own copy of the same types; the shapes are identical.
  const chdbConnection = createChdbConnection({ path: dataPath });
  const connection = chdbConnection as unknown as NonNullable<Parameters<typeof createClient>[0]>['connection'];
  const client = createClient({ connection, json: jsonRowCodec });
  await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${quoteIdentifier(options.database)}` });
  await client.command({ query: `USE ${quoteIdentifier(options.database)}` });
  // The server adapter sets these per client; chDB's session is shared, so they are set once here.
  await client.command({ query: "SET date_time_input_format = 'best_effort'" });
  await client.command({ query: 'SET output_format_json_quote_64bit_integers = 0' });
  openStore = { path: dataPath, database: options.database };
  return new ClientAnalyticsStore({
    releaseMemory: await memoryRelease(client),
    adapter: 'chdb',
    target: dataPath,
    database: options.database,
    client,
    insertTabSeparated: async (table, columns, body) => {
      await chdbConnection.chdb.rawInsert({ table, columns, values: body, format: 'TabSeparated' });
    },
    onClose: () => {
      openStore = undefined;
    },
  });
}

/**
 * ClickHouse's allocator (jemalloc) keeps the pages a statement freed for the next one and, inside
 * chDB, has no background thread to return them: the process stayed as large as the largest
 * statement it ever ran. Purging after long statements gives them back, so the process holds
 * what the engine holds (decision 0118). A chDB built without jemalloc refuses the statement; it
 * then has nothing to release.
 */
async function memoryRelease(client: ReturnType<typeof createClient>): Promise<(() => Promise<void>) | undefined> {
  const purge = async () => {
    await client.command({ query: 'SYSTEM JEMALLOC PURGE' });
  };
  try {
    await purge();
    return purge;
  } catch {
    return undefined;
  }
}
