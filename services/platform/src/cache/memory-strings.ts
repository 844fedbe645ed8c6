/** String values on the embedded cache: GET, MGET, SET, INCRBY and GETSET. */
import type { Cache, SetOptions } from '../ports/cache.js';
import { assertTtlSeconds } from './cache-arguments.js';
import type { MemoryKeyspace } from './memory-keyspace.js';
import { toBuffer } from './memory-store.js';

export type StringOperations = Pick<Cache, 'get' | 'getBuffer' | 'getBuffers' | 'set' | 'setMany' | 'incr' | 'switchPointer'>;

export function stringOperations(space: MemoryKeyspace): StringOperations {
  return {
    async get(key) {
      return space.stringEntry(key)?.value.toString('utf8') ?? null;
    },
    // Reads hand out the stored bytes without a copy (the port says they are read-only): a
    // search reads hundreds of blobs per request, and copying them would be most of its work.
    async getBuffer(key) {
      return space.stringEntry(key)?.value ?? null;
    },
    async getBuffers(keys) {
      // MGET returns nil (not an error) for keys of another type.
      return keys.map((key) => {
        const entry = space.live(key);
        return entry?.kind === 'string' ? entry.value : null;
      });
    },
    async set(key, value, options) {
      putString(space, key, value, options);
    },
    async setMany(entries, options) {
      if (options?.ttlSeconds !== undefined) assertTtlSeconds(options.ttlSeconds);
      for (const [key, value] of entries) putString(space, key, value, options);
    },
    async incr(key, by = 1) {
      return incrementBy(space, key, by);
    },
    async switchPointer(key, value) {
      // One synchronous step, so no reader can observe a state between the read and the write.
      const previous = space.stringEntry(key)?.value.toString('utf8') ?? null;
      space.write(key, { kind: 'string', value: Buffer.from(value, 'utf8') });
      return previous;
    },
  };
}

function putString(space: MemoryKeyspace, key: string, value: string | Buffer, options?: SetOptions): void {
  if (options?.ttlSeconds !== undefined) assertTtlSeconds(options.ttlSeconds);
  space.live(key); // closed check
  const expiresAt = options?.ttlSeconds === undefined ? undefined : Date.now() + options.ttlSeconds * 1000;
  space.write(key, { kind: 'string', value: toBuffer(value), ...(expiresAt === undefined ? {} : { expiresAt }) });
  if (expiresAt !== undefined) space.watchExpiry(key);
}

/** INCRBY, synchronously, so callers can act on the new value before anything else runs. */
export function incrementBy(space: MemoryKeyspace, key: string, by: number): number {
  if (!Number.isSafeInteger(by)) throw new Error('ERR value is not an integer or out of range');
  const entry = space.stringEntry(key);
  const text = entry?.value.toString('utf8') ?? '0';
  if (!/^-?\d{1,19}$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new Error('ERR value is not an integer or out of range');
  }
  const next = Number(text) + by;
  // INCRBY keeps the key's TTL.
  space.write(key, {
    kind: 'string',
    value: Buffer.from(String(next)),
    ...(entry?.expiresAt === undefined ? {} : { expiresAt: entry.expiresAt }),
  });
  return next;
}
