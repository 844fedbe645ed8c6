/**
 * The gateway's CPU pool: worker threads (piscina) that render PDFs and workbooks and read
 * uploaded portfolio files, so the event loop keeps answering other requests meanwhile. It admits
 * at most `threads` running and `queue` waiting tasks; one more is refused with a 503 at once,
 * so a burst of downloads costs bounded memory and waiting rather than an ever longer line.
 */
import { Piscina } from 'piscina';
import type { CpuTaskInput, CpuTaskName, CpuTaskOutput, CpuTaskRequest } from './cpu-worker.js';

export interface CpuPoolOptions {
  /** Worker threads. */
  threads: number;
  /** Tasks that may wait for a thread. */
  queue: number;
  /** How long an idle thread stays before it stops. @defaultValue 60 s */
  idleTimeoutMs?: number;
}

/** How much lower the pool's threads run than the event loop's (Unix nice; ignored where it cannot be set). */
const POOL_THREAD_NICENESS = 10;

/** What a client is told to wait before asking again: a document takes seconds to make. */
export const RETRY_AFTER_SECONDS = 5;

/** The pool is full: the one error handler answers it as a 503 with retry-after. */
export class CpuPoolFullError extends Error {
  readonly statusCode = 503;
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;

  constructor(admitted: number) {
    super(`The server is busy making other files and documents (${admitted} in progress or waiting); try again in ${RETRY_AFTER_SECONDS} seconds`);
    this.name = 'CpuPoolFullError';
  }
}

export interface CpuPoolStats {
  /** Tasks running or waiting for a thread. */
  admitted: number;
  /** Tasks finished (done or failed) since the pool started. */
  completed: number;
}

export interface CpuPool {
  /** Runs a task of cpu-worker.ts on a pool thread; throws CpuPoolFullError when the pool is full. */
  run<Name extends CpuTaskName>(task: Name, input: CpuTaskInput<Name>): Promise<CpuTaskOutput<Name>>;
  stats(): CpuPoolStats;
  /** Stops the threads at once (a stop must not wait for a long document): tasks still admitted fail. */
  close(): Promise<void>;
}

/**
 * The worker's entry. Compiled, cpu-worker.js lies beside this file; run from the TypeScript
 * source (tsx, vitest), this file is .ts and a JavaScript entry loads the worker through tsx.
 */
function workerEntry(): string {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./load-typescript-worker.mjs', here).href : new URL('./cpu-worker.js', here).href;
}

export function createCpuPool({ threads, queue, idleTimeoutMs = 60_000 }: CpuPoolOptions): CpuPool {
  const pool = new Piscina<CpuTaskRequest, unknown>({
    filename: workerEntry(),
    // Threads start with the first task, not with the gateway: most gateways never render.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: idleTimeoutMs,
    // Below the event loop's thread in the scheduler's eyes: where the cores are short (a 2-core
    // machine, other processes busy), a document waits rather than the requests behind it.
    niceIncrement: POOL_THREAD_NICENESS,
  });
  // Counted here rather than by piscina's maxQueue, whose refusal is an untyped Error and whose
  // count leaves out tasks waiting for a thread that is still starting.
  let admitted = 0;
  let completed = 0;
  return {
    async run(task, input) {
      if (admitted >= threads + queue) throw new CpuPoolFullError(admitted);
      admitted += 1;
      try {
        return (await pool.run({ task, input })) as CpuTaskOutput<typeof task>;
      } finally {
        admitted -= 1;
        completed += 1;
      }
    },
    stats: () => ({ admitted, completed }),
    close: () => pool.destroy(),
  };
}
