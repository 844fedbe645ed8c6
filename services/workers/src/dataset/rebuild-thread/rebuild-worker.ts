/**
 * What the rebuild thread runs (rebuild-thread.ts starts it on this module): one rebuild of the
 * derived data, with the main thread's AnalyticsStore and JobQueue called over a MessagePort and
 * the cache opened here on the same LMDB directory (lmdb-js shares one environment between the
 * threads of a process, and every write is a committed transaction the main thread reads at once).
 * chDB is never loaded here: it crashes in a worker thread.
 */
import { threadId, type MessagePort } from 'node:worker_threads';
import { createLmdbCache, createLogger, type AnalyticsStore, type JobQueue, type QueryParams } from '@ust/platform';
import { rebuildDataset, type RebuildRequest, type RebuildResult } from '../rebuild.js';
import { CALLABLE, callerOver, type CallTarget } from './port-calls.js';

export interface RebuildTask {
  request: RebuildRequest;
  /** The LMDB directory of the main thread's cache, and the prefix of its view. */
  cache: { path: string; prefix: string };
  store: Pick<AnalyticsStore, 'adapter' | 'target' | 'database' | 'cluster'>;
  riskModel?: string;
  /** The rebuild's clock (epoch ms), when the main thread's is fixed. */
  now?: number;
  logLevel: string;
  /** The main thread's end of the calls and log lines. */
  port: MessagePort;
}

/** `properties`, with the CALLABLE methods of the main thread's `target` called over the port. */
function remote<T extends object>(call: ReturnType<typeof callerOver>, target: CallTarget, properties: object): T {
  return new Proxy(properties, {
    get(object, name) {
      if (typeof name !== 'string' || !(CALLABLE[target] as readonly string[]).includes(name)) return Reflect.get(object, name);
      return (...args: unknown[]) => call(target, name, args);
    },
  }) as T;
}

/** JSONEachRow text's rows. */
export function parseJsonLines(text: string): never[] {
  const rows: never[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (end > start) rows.push(JSON.parse(text.slice(start, end)) as never);
    start = end + 1;
  }
  return rows;
}

export default async function runRebuildTask(task: RebuildTask): Promise<RebuildResult> {
  const call = callerOver(task.port);
  const log = createLogger(
    'workers',
    { level: task.logLevel, base: { thread: threadId }, timestamp: false },
    { write: (line: string) => task.port.postMessage({ kind: 'log', line }) },
  );
  const root = createLmdbCache({ path: task.cache.path });
  try {
    const now = task.now;
    return await rebuildDataset(
      {
        store: remote<AnalyticsStore>(call, 'store', {
          ...task.store,
          // The rows arrive as text and are parsed here: parsing (or serializing) a national page of
          // rows would hold the main thread's event loop for hundreds of milliseconds.
          query: async (sql: string, params?: QueryParams) => parseJsonLines(String(await call('store', 'queryText', [sql, params ?? {}]))),
          // Rows leave as JSON text, serialized here for the same reason.
          insert: async (table: string, rows: readonly object[]) => {
            await call('store', 'insertJsonRows', [table, rows.map((row) => JSON.stringify(row))]);
          },
          ping: async () => true,
          close: async () => undefined,
        }),
        jobs: remote<JobQueue>(call, 'jobs', {}),
        cache: task.cache.prefix ? root.withPrefix(task.cache.prefix) : root,
        log,
        ...(now === undefined ? {} : { now: () => new Date(now) }),
        ...(task.riskModel === undefined ? {} : { riskModel: task.riskModel }),
      },
      task.request,
    );
  } finally {
    await root.close();
    task.port.close();
  }
}
