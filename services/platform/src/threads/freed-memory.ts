/**
 * Gives the kernel back the memory glibc's malloc keeps after a job thread has gone
 * (docs/decisions/0130-return-freed-memory.md). A rebuild or an import allocates hundreds of
 * megabytes outside V8's heap (Buffers, compressed documents, LMDB's and chDB's own); when its
 * thread ends they are freed, but malloc keeps the pages between chunks still in use, and only
 * `malloc_trim` returns them. Node.js has no API for it, so it is called through koffi, an FFI
 * whose package carries prebuilt binaries.
 */
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import type { Logger } from '../logger.js';

/** What one call of malloc_trim did. */
export interface FreedMemoryReturned {
  /** malloc_trim's answer: whether any memory went back. */
  returned: boolean;
  rssBeforeMb: number;
  rssAfterMb: number;
  tookMs: number;
}

type MallocTrim = (pad: number) => Promise<number>;

let mallocTrim: MallocTrim | null | undefined;

/** glibc's malloc_trim, called on libuv's pool (it walks every arena); null where the C library is not glibc or koffi cannot load. */
function loadMallocTrim(): MallocTrim | null {
  if (mallocTrim !== undefined) return mallocTrim;
  mallocTrim = null;
  const { header } = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  if (process.platform !== 'linux' || !header?.glibcVersionRuntime) return mallocTrim;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    mallocTrim = (pad) =>
      new Promise((resolve, reject) => trim.async(pad, (error: unknown, result: number) => (error ? reject(error as Error) : resolve(result))));
  } catch {
    // Without the FFI the process keeps what malloc holds; nothing depends on the call.
  }
  return mallocTrim;
}

const megabytes = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Whether this process can return freed memory (Linux with glibc, koffi loaded). */
export function canReturnFreedMemory(): boolean {
  return loadMallocTrim() !== null;
}

/** Calls malloc_trim(0) off the event loop; undefined where it cannot (canReturnFreedMemory). */
export async function returnFreedMemory(): Promise<FreedMemoryReturned | undefined> {
  const trim = loadMallocTrim();
  if (!trim) return undefined;
  const rssBefore = process.memoryUsage.rss();
  const started = performance.now();
  const returned = (await trim(0)) === 1;
  return {
    returned,
    rssBeforeMb: megabytes(rssBefore),
    rssAfterMb: megabytes(process.memoryUsage.rss()),
    tookMs: Math.round(performance.now() - started),
  };
}

/** A pool of job threads as piscina's is: an event when it starts a thread, and its threads. */
export interface ThreadStartingPool {
  on(event: 'workerCreate', listener: () => void): unknown;
  readonly threads: readonly Worker[];
}

/**
 * Returns freed memory each time one of `pool`'s threads exits, logging what went back with the
 * thread's name. Threads that exit together are followed by one call at a time, and one more
 * after the last of them.
 */
export function returnFreedMemoryWhenThreadsExit(pool: ThreadStartingPool, thread: string, log: Logger): void {
  if (!canReturnFreedMemory()) return;
  const watched = new WeakSet<Worker>();
  let running = false;
  let wanted = false;
  const returnNow = async (): Promise<void> => {
    running = true;
    try {
      while (wanted) {
        wanted = false;
        const result = await returnFreedMemory();
        if (result)
          log.info(
            { thread, freedMemory: result },
            `returned freed memory after the ${thread} thread: RSS ${result.rssBeforeMb} MB to ${result.rssAfterMb} MB`,
          );
      }
    } catch (error) {
      log.warn({ thread, err: error }, 'could not return freed memory');
    } finally {
      running = false;
    }
  };
  const onExit = () => {
    wanted = true;
    if (!running) void returnNow();
  };
  pool.on('workerCreate', () => {
    for (const worker of pool.threads) {
      if (watched.has(worker)) continue;
      watched.add(worker);
      worker.once('exit', onExit);
    }
  });
}
