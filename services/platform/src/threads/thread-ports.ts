/**
 * Both ends of a job thread's ports (port-calls.ts): what the main thread hands a thread and how
 * it relays the thread's log lines; in the thread, the main thread's ports as objects to call and
 * a logger whose lines go to the main thread's.
 */
import { MessageChannel, threadId, type MessagePort, type Transferable } from 'node:worker_threads';
import { createLogger, type Logger } from '../logger.js';
import { MAX_INSERT_BATCH } from '../analytics/client-store.js';
import { encodeTabSeparated } from '../analytics/tab-separated.js';
import type { AnalyticsStore, QueryParams } from '../ports/analytics-store.js';
import { answerCalls, callerOver, type CallableMethods, type Caller } from './port-calls.js';
import { parseCompactJsonRows } from './compact-json-rows.js';

/** What a thread may call on the main thread's AnalyticsStore: rows cross as bytes, compact JSON (or JSONEachRow) out of the store and TabSeparated (or JSON text) into it. */
export const STORE_CALLS = ['queryCompactJsonBytes', 'queryJsonBytes', 'command', 'insertJsonRows', 'insertTabSeparated'] as const;

/** The AnalyticsStore's identity, which a thread's store reports as its own. */
export type StoreIdentity = Pick<AnalyticsStore, 'adapter' | 'target' | 'database' | 'cluster'>;

export function storeIdentity(store: AnalyticsStore): StoreIdentity {
  return { adapter: store.adapter, target: store.target, database: store.database, ...(store.cluster ? { cluster: store.cluster } : {}) };
}

/** A pool of one thread (piscina's, which the workers use). */
export interface ThreadPool<Task, Result> {
  run(task: Task, options: { transferList: Transferable[] }): Promise<Result>;
}

/** What every job task carries besides its own fields. */
export interface ThreadTask {
  logLevel: string;
  /** The main thread's end of the calls and log lines. */
  port: MessagePort;
}

/** A task's own fields, without those runOnThread adds; each kind of a union of tasks keeps its own. */
type TaskFields<Task> = Task extends ThreadTask ? Omit<Task, keyof ThreadTask> : never;

/**
 * Main thread: runs `task` on `pool`'s thread (named `thread` in refusals and log lines) with
 * `targets` callable as `callable` lists, and the thread's log lines logged again by `log`.
 */
export async function runOnThread<Task extends ThreadTask, Result>(
  pool: ThreadPool<Task, Result>,
  options: { thread: string; targets: Readonly<Record<string, object>>; callable: CallableMethods; log: Logger },
  task: TaskFields<Task>,
): Promise<Result> {
  const { port1: here, port2: there } = new MessageChannel();
  answerCalls(here, options.thread, options.targets, options.callable, (line) => relayLogLine(options.log, line));
  try {
    return await pool.run({ ...task, logLevel: options.log.level, port: there } as unknown as Task, { transferList: [there] });
  } finally {
    here.close();
  }
}

/** Logs one of the thread's JSON lines with `log`, at its level, keeping its fields (the thread's id among them). */
export function relayLogLine(log: Logger, line: string): void {
  const { level, msg, pid: _pid, hostname: _hostname, service: _service, time: _time, ...fields } = JSON.parse(line) as Record<string, unknown>;
  const label = log.levels.labels[Number(level)] ?? 'info';
  (log[label as 'info'] ?? log.info).call(log, fields, typeof msg === 'string' ? msg : '');
}

/** Thread: a logger of `service` whose lines are logged again by the main thread's logger. */
export function threadLogger(service: string, task: ThreadTask): Logger {
  return createLogger(
    service,
    { level: task.logLevel, base: { thread: threadId }, timestamp: false },
    { write: (line: string) => task.port.postMessage({ kind: 'log', line }) },
  );
}

/** Thread: `properties`, with the listed `methods` of the main thread's `target` called over the port. */
export function remote<T extends object>(call: Caller, target: string, methods: readonly string[], properties: object): T {
  return new Proxy(properties, {
    get(object, name) {
      if (typeof name !== 'string' || !methods.includes(name)) return Reflect.get(object, name);
      return (...args: unknown[]) => call(target, name, args);
    },
  }) as T;
}

/**
 * Thread: the main thread's AnalyticsStore. Rows arrive as JSONCompactEachRowWithNames bytes
 * (JSONEachRow for queryText), handed over without a copy, and are decoded and parsed here; they
 * leave serialized here, as TabSeparated bytes when they are flat (the engine reads them fastest)
 * and as JSON text otherwise. Decoding, parsing or serializing a national page of rows would hold
 * the main thread's event loop for hundreds of milliseconds.
 */
export function remoteAnalyticsStore(call: Caller, identity: StoreIdentity): AnalyticsStore {
  const textOf = async (method: 'queryCompactJsonBytes' | 'queryJsonBytes', sql: string, params?: QueryParams) =>
    new TextDecoder().decode((await call('store', method, [sql, params ?? {}])) as Uint8Array);
  const queryText = (sql: string, params?: QueryParams) => textOf('queryJsonBytes', sql, params);
  return remote<AnalyticsStore>(call, 'store', STORE_CALLS, {
    ...identity,
    query: async (sql: string, params?: QueryParams) => parseCompactJsonRows(await textOf('queryCompactJsonBytes', sql, params)),
    queryText,
    insert: async (table: string, rows: readonly object[]) => {
      for (let start = 0; start < rows.length; start += MAX_INSERT_BATCH) {
        const batch = rows.slice(start, start + MAX_INSERT_BATCH);
        const tabSeparated = encodeTabSeparated(batch);
        if (tabSeparated) await call('store', 'insertTabSeparated', [table, tabSeparated.columns, tabSeparated.body]);
        else await call('store', 'insertJsonRows', [table, batch.map((row) => JSON.stringify(row))]);
      }
    },
    ping: async () => true,
    close: async () => undefined,
  });
}

/** Thread: the caller of the main thread's ports over the task's port. */
export function callerOf(task: ThreadTask): Caller {
  return callerOver(task.port);
}
