/**
 * Cache: the Redis port. Production uses ioredis; the embedded adapters, an in-memory store and
 * an LMDB directory, have the same key layout and semantics. Values are strings or packed binary
 * blobs.
 */
export interface SetOptions {
  /** Expiry in seconds; no expiry when omitted. */
  ttlSeconds?: number;
}

export interface WindowCount {
  count: number;
  remainingMs: number;
}

export interface Cache {
  readonly adapter: 'redis' | 'memory' | 'lmdb';
  readonly target: string;
  /** The prefix this view adds to every key ('' for the root view). */
  readonly prefix: string;
  /**
   * Whether getBuffer and getBuffers hand out the stored bytes themselves (the in-memory adapter)
   * rather than a copy per read (Redis, LMDB): keeping a blob read from such a cache costs a
   * reference, not its size in memory.
   */
  readonly sharesStoredBytes: boolean;
  get(key: string): Promise<string | null>;
  /** The value's bytes. Read-only: the in-memory adapter hands out what it stores, uncopied. */
  getBuffer(key: string): Promise<Buffer | null>;
  /** Many packed blobs in one round trip, in the order of `keys` (read-only, as getBuffer). */
  getBuffers(keys: readonly string[]): Promise<Array<Buffer | null>>;
  set(key: string, value: string | Buffer, options?: SetOptions): Promise<void>;
  /** Sets many keys in one round trip (one transaction in Redis). */
  setMany(entries: ReadonlyArray<readonly [key: string, value: string | Buffer]>, options?: SetOptions): Promise<void>;
  del(...keys: string[]): Promise<number>;
  incr(key: string, by?: number): Promise<number>;
  /**
   * Counts one more event in a window that opens with the key's first event and lasts
   * `windowMs`: answers the count so far (this one included) and the window's remaining
   * milliseconds, in one atomic step, so several processes sharing the cache count together
   * (rate limits).
   */
  countInWindow(key: string, windowMs: number): Promise<WindowCount>;
  /** Remaining time to live in seconds: -1 without expiry, -2 when the key does not exist. */
  ttl(key: string): Promise<number>;
  expire(key: string, ttlSeconds: number): Promise<boolean>;
  hset(key: string, fields: Record<string, string | Buffer>): Promise<void>;
  hget(key: string, field: string): Promise<string | null>;
  hgetall(key: string): Promise<Record<string, string>>;
  /**
   * Atomically points `key` at `value` and returns what it pointed at before (Redis GETSET),
   * so readers see the old or the new dataset version, never a mix.
   */
  switchPointer(key: string, value: string): Promise<string | null>;
  /** Keys of this view starting with `prefix` (relative to the view), via SCAN in Redis. */
  keys(prefix: string): Promise<string[]>;
  /** Deletes every key of this view starting with `prefix`; returns how many were deleted. */
  deleteByPrefix(prefix: string): Promise<number>;
  /** A view that prepends `prefix` to every key, sharing this connection. */
  withPrefix(prefix: string): Cache;
  ping(): Promise<boolean>;
  /**
   * Makes what the cache holds now survive a crash of this process, for a caller that just
   * completed something worth keeping (a dataset version went live). The in-memory adapter writes
   * its snapshot file (the whole store, from any view) without blocking reads for long; LMDB has
   * committed every write already and waits for the commits to reach the disk; Redis persists by
   * its own configuration, so it does nothing.
   */
  persist(): Promise<void>;
  /** Closes the connection (a no-op on a prefixed view). */
  close(): Promise<void>;
}
