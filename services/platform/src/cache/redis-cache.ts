/**
 * The production Cache adapter: ioredis on one connection shared by every prefixed view.
 *
 * A broken connection surfaces as a rejected call, never a hang: commands issued while Redis
 * is away wait in ioredis' offline queue for at most `MAX_RETRIES_PER_REQUEST` reconnection
 * attempts (a few hundred milliseconds when the port refuses, a few `connectTimeoutMs` when the
 * host does not answer) and then reject with an error that names the Redis and the command.
 */
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { Cache, SetOptions } from '../ports/cache.js';
import { assertTtlSeconds, assertWindowMs } from './cache-arguments.js';

export interface RedisCacheOptions {
  /** redis://[user:password@]host:port[/db] */
  url: string;
  /** Connection problems are logged here at warn, once per outage. */
  logger?: Logger;
  /** How long one connection attempt may take. @defaultValue 5000 */
  connectTimeoutMs?: number;
}

/** Reconnection attempts a queued command waits for before it fails. */
const MAX_RETRIES_PER_REQUEST = 2;
/** SCAN hint and UNLINK batch size: big enough to be quick, small enough not to block Redis. */
const SCAN_COUNT = 1_000;
const UNLINK_CHUNK = 500;

export function createRedisCache(options: RedisCacheOptions): Cache {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const target = redactPassword(options.url);
  const redis = new Redis(options.url, {
    connectTimeout: connectTimeoutMs,
    maxRetriesPerRequest: MAX_RETRIES_PER_REQUEST,
  });
  watchConnection(redis, target, options.logger);
  return createView({ redis, target, connectTimeoutMs }, '');
}

/** The URL with its password removed, safe to log and to show on a health page. */
export function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'redis://(unparseable url)';
  }
}

/** QUITs a connected client; drops one that is not connected (QUIT would wait for it). */
export async function closeRedisConnection(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await redis.quit().catch(() => redis.disconnect());
}

/** PING for health checks: false, never a rejection or a hang, when Redis does not answer in time. */
export async function pingRedis(redis: Redis, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = redis.ping().then(
    (reply) => reply === 'PONG',
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

function watchConnection(redis: Redis, target: string, logger: Logger | undefined): void {
  let down = false;
  // Without an 'error' listener ioredis prints every reconnection failure to the console.
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger?.warn({ target, err: error }, 'redis cache connection failed; calls fail until it is back');
  });
  redis.on('ready', () => {
    if (down) logger?.info({ target }, 'redis cache connection is back');
    down = false;
  });
}

interface Connection {
  redis: Redis;
  target: string;
  connectTimeoutMs: number;
}

/**
 * INCR and, for the window's first event (or a counter that somehow lost its expiry), PEXPIRE,
 * as one script so that no other client sees a counter without its window.
 */
const COUNT_IN_WINDOW_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local remaining = redis.call('PTTL', KEYS[1])
if count == 1 or remaining < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  remaining = tonumber(ARGV[1])
end
return {count, remaining}`;

/** Escapes glob characters so a key prefix matches only itself in SCAN MATCH. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, (char) => `\\${char}`);
}

function createView(connection: Connection, prefix: string): Cache {
  const { redis, target } = connection;
  const k = (key: string) => prefix + key;

  /** Runs one command and names the Redis and the command in any error. */
  const run = async <T>(command: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw new Error(`Redis ${target}: ${command} failed: ${(error as Error).message}`, { cause: error });
    }
  };

  /** Full keys starting with the view prefix + `keyPrefix`, each once. */
  const scanKeys = (keyPrefix: string) =>
    run('SCAN', async () => {
      const match = `${globEscape(prefix + keyPrefix)}*`;
      const found = new Set<string>();
      let cursor = '0';
      do {
        const [next, batch] = await redis.scan(cursor, 'MATCH', match, 'COUNT', SCAN_COUNT);
        for (const key of batch) found.add(key); // SCAN may return a key more than once
        cursor = next;
      } while (cursor !== '0');
      return [...found];
    });

  return {
    adapter: 'redis',
    target,
    prefix,
    sharesStoredBytes: false,
    get: (key) => run('GET', () => redis.get(k(key))),
    getBuffer: (key) => run('GET', () => redis.getBuffer(k(key))),
    async getBuffers(keys) {
      if (keys.length === 0) return [];
      return run('MGET', () => redis.mgetBuffer(...keys.map(k)));
    },
    async set(key, value, options?: SetOptions) {
      if (options?.ttlSeconds === undefined) {
        await run('SET', () => redis.set(k(key), value));
        return;
      }
      const ttl = options.ttlSeconds;
      assertTtlSeconds(ttl);
      await run('SET', () => redis.set(k(key), value, 'EX', ttl));
    },
    async setMany(entries, options) {
      if (options?.ttlSeconds !== undefined) assertTtlSeconds(options.ttlSeconds);
      if (entries.length === 0) return;
      await run('MULTI/SET', async () => {
        const transaction = redis.multi();
        for (const [key, value] of entries) {
          if (options?.ttlSeconds === undefined) transaction.set(k(key), value);
          else transaction.set(k(key), value, 'EX', options.ttlSeconds);
        }
        const results = await transaction.exec();
        // exec() resolves null when the transaction was aborted, and per-command errors in place.
        if (!results) throw new Error('transaction aborted');
        const failed = results.find(([error]) => error);
        if (failed?.[0]) throw failed[0];
      });
    },
    async del(...keys) {
      if (keys.length === 0) return 0;
      return run('DEL', () => redis.del(...keys.map(k)));
    },
    async incr(key, by = 1) {
      if (!Number.isSafeInteger(by)) throw new Error('ERR value is not an integer or out of range');
      return run('INCRBY', () => redis.incrby(k(key), by));
    },
    async countInWindow(key, windowMs) {
      assertWindowMs(windowMs);
      const [count, remainingMs] = (await run('EVAL count-in-window', () => redis.eval(COUNT_IN_WINDOW_SCRIPT, 1, k(key), windowMs))) as [number, number];
      return { count, remainingMs };
    },
    ttl: (key) => run('TTL', () => redis.ttl(k(key))),
    async expire(key, ttlSeconds) {
      return (await run('EXPIRE', () => redis.expire(k(key), ttlSeconds))) === 1;
    },
    async hset(key, fields) {
      if (Object.keys(fields).length === 0) return; // HSET without fields is a Redis error
      await run('HSET', () => redis.hset(k(key), fields));
    },
    hget: (key, field) => run('HGET', () => redis.hget(k(key), field)),
    hgetall: (key) => run('HGETALL', () => redis.hgetall(k(key))),
    // GETSET rather than SET ... GET: the same atomic swap, and it works on Redis before 6.2.
    switchPointer: (key, value) => run('GETSET', () => redis.getset(k(key), value)),
    async keys(keyPrefix) {
      const keys = await scanKeys(keyPrefix);
      return keys.map((key) => key.slice(prefix.length)).sort();
    },
    async deleteByPrefix(keyPrefix) {
      if (prefix + keyPrefix === '') throw new Error('deleteByPrefix refuses to delete every key of the root view');
      const keys = await scanKeys(keyPrefix);
      let deleted = 0;
      for (let start = 0; start < keys.length; start += UNLINK_CHUNK) {
        const chunk = keys.slice(start, start + UNLINK_CHUNK);
        deleted += await run('UNLINK', () => redis.unlink(...chunk));
      }
      return deleted;
    },
    withPrefix(childPrefix) {
      return createView(connection, prefix + childPrefix);
    },
    ping: () => pingRedis(redis, connection.connectTimeoutMs),
    // Redis keeps its data by its own persistence settings (RDB, AOF), not on a client's request.
    async persist() {},
    async close() {
      if (prefix !== '') return; // views share the root's connection
      await closeRedisConnection(redis);
    },
  };
}
