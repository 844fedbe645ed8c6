/**
 * The browser's log collector (docs/product.md sections 3, 4 and 8;
 * docs/decisions/0002-anonymous-telemetry.md and 0030-unload-flush.md). Entries are held in
 * memory and sent to POST /api/logs: ERROR entries 3 s after the latest one, everything every
 * 30 s and on page unload. Delivery failures go to the console only, never back into the log
 * (that would loop). Clock, timers and fetch are injected so the timing is unit-tested.
 */
import type { ClientLogEntry, LogLevel } from '@ust/schemas';
import { MAX_CONTEXT_DEPTH, MAX_LOG_CATEGORY_CHARS, MAX_LOG_ENTRIES_PER_CALL, MAX_LOG_MESSAGE_CHARS } from '@ust/schemas/constants';

/** POST /api/logs takes at most this many entries per call. */
export const MAX_ENTRIES_PER_CALL = MAX_LOG_ENTRIES_PER_CALL;
export const ERROR_FLUSH_DELAY_MS = 3_000;
export const PERIODIC_FLUSH_MS = 30_000;
/** Bounds memory while the API is unreachable; the oldest entries make room. */
export const MAX_HELD_ENTRIES = 1_000;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: never): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: never): void;
}

/** Who is logging and where, read when an entry is made. */
export interface LogSource {
  userId: string | null;
  url: string | null;
  userAgent: string | null;
}

export interface ClientLoggerOptions {
  /** @defaultValue '/api/logs' */
  endpoint?: string;
  fetch: typeof fetch;
  timers: Timers;
  now: () => Date;
  sessionId: string;
  source: () => LogSource;
  /** Synchronous: the unload flush cannot wait for a token renewal. */
  getAccessToken: () => string | null;
  console: Pick<Console, 'warn'>;
}

export interface FlushOptions {
  /** On page unload: the request outlives the page (docs/decisions/0030-unload-flush.md: never sendBeacon). */
  keepalive?: boolean;
}

export interface ClientLogger {
  debug(category: string, message: string, context?: unknown): void;
  info(category: string, message: string, context?: unknown): void;
  warn(category: string, message: string, context?: unknown): void;
  error(category: string, message: string, context?: unknown): void;
  /** Sends every held entry now, in batches of at most 100. */
  flush(options?: FlushOptions): Promise<void>;
  /** Starts the 30 s periodic flush. */
  start(): void;
  stop(): void;
  /** Entries held and not yet handed to fetch. */
  readonly held: number;
}

export function createClientLogger(options: ClientLoggerOptions): ClientLogger {
  const { fetch: send, timers, now, sessionId, source, getAccessToken, console: out } = options;
  const endpoint = options.endpoint ?? '/api/logs';
  let held: ClientLogEntry[] = [];
  let errorTimer: unknown;
  let interval: unknown;

  function cancelErrorTimer(): void {
    if (errorTimer !== undefined) timers.clearTimeout(errorTimer as never);
    errorTimer = undefined;
  }

  function log(level: LogLevel, category: string, message: string, context?: unknown): void {
    const { userId, url, userAgent } = source();
    const entry: ClientLogEntry = {
      timestamp: now().toISOString(),
      level,
      // Cut to the schema's limits, so one long message cannot get a whole batch rejected.
      category: category.slice(0, MAX_LOG_CATEGORY_CHARS),
      message: message.slice(0, MAX_LOG_MESSAGE_CHARS),
      userId,
      sessionId,
      url,
      userAgent,
    };
    if (context !== undefined) entry.context = toSerializable(context);
    held.push(entry);
    if (held.length > MAX_HELD_ENTRIES) held = held.slice(-MAX_HELD_ENTRIES);
    if (level === 'ERROR') {
      // Debounced: a burst of errors goes out in one request, 3 s after the last one.
      cancelErrorTimer();
      errorTimer = timers.setTimeout(() => {
        errorTimer = undefined;
        void flush();
      }, ERROR_FLUSH_DELAY_MS);
    }
  }

  async function postBatch(logs: ClientLogEntry[], token: string | null, keepalive: boolean): Promise<void> {
    try {
      const response = await send(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ logs }),
        keepalive,
      });
      if (!response.ok) out.warn('Failed to send logs:', `HTTP ${response.status}`);
    } catch (error) {
      out.warn('Failed to send logs:', error);
    }
  }

  async function flush({ keepalive = false }: FlushOptions = {}): Promise<void> {
    cancelErrorTimer();
    if (held.length === 0) return;
    const entries = held;
    held = [];
    const token = getAccessToken();
    const batches: ClientLogEntry[][] = [];
    for (let start = 0; start < entries.length; start += MAX_ENTRIES_PER_CALL) batches.push(entries.slice(start, start + MAX_ENTRIES_PER_CALL));
    await Promise.all(batches.map((batch) => postBatch(batch, token, keepalive)));
  }

  return {
    debug: (category, message, context) => log('DEBUG', category, message, context),
    info: (category, message, context) => log('INFO', category, message, context),
    warn: (category, message, context) => log('WARN', category, message, context),
    error: (category, message, context) => log('ERROR', category, message, context),
    flush,
    start() {
      if (interval === undefined) interval = timers.setInterval(() => void flush(), PERIODIC_FLUSH_MS);
    },
    stop() {
      if (interval !== undefined) timers.clearInterval(interval as never);
      interval = undefined;
      cancelErrorTimer();
    },
    get held() {
      return held.length;
    },
  };
}

/** What stands in for an object or array nested past MAX_CONTEXT_DEPTH. */
export const NESTED_TOO_DEEP = '[nested too deep]';

/**
 * A JSON copy of a log entry's context. Errors keep their message and stack (JSON.stringify
 * drops them); an object met twice (a cycle) becomes '[circular]'; anything nested past
 * MAX_CONTEXT_DEPTH becomes NESTED_TOO_DEEP, since the gateway refuses the whole batch for it.
 */
export function toSerializable(value: unknown): unknown {
  const seen = new WeakSet<object>();
  const copy = (item: unknown, depth: number): unknown => {
    if (item instanceof Error) item = { name: item.name, message: item.message, stack: item.stack };
    else if (typeof item === 'object' && item !== null && typeof (item as { toJSON?: unknown }).toJSON === 'function') {
      item = (item as { toJSON(): unknown }).toJSON();
    }
    if (typeof item === 'bigint') return item.toString();
    if (typeof item === 'number') return Number.isFinite(item) ? item : null;
    if (typeof item === 'function' || typeof item === 'symbol' || item === undefined) return undefined;
    if (typeof item !== 'object' || item === null) return item;
    if (seen.has(item)) return '[circular]';
    if (depth >= MAX_CONTEXT_DEPTH) return NESTED_TOO_DEEP;
    seen.add(item);
    if (Array.isArray(item)) return item.map((element) => copy(element, depth + 1) ?? null);
    const copied: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(item)) {
      const value = copy(property, depth + 1);
      if (value !== undefined) copied[key] = value;
    }
    return copied;
  };
  return copy(value, 0) ?? null;
}

/** A readable message for anything thrown or rejected. */
export function messageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason);
  }
}
