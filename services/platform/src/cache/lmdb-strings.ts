/** String values on the LMDB cache: GET, MGET, SET, INCRBY and GETSET. */
import type { Cache, SetOptions } from '../ports/cache.js';
import { assertTtlSeconds } from './cache-arguments.js';
import { assertKind, type LmdbKeyspace } from './lmdb-keyspace.js';
import type { BlobRef } from './lmdb-blob-files.js';
import {
  appendOutside,
  belongsOutside,
  ownBytes,
  putInside,
  putOutside,
  readString,
  removeKey,
  writeMeta,
  writeTransaction,
  type KeyMeta,
} from './lmdb-store.js';

export type StringOperations = Pick<Cache, 'get' | 'getBuffer' | 'getBuffers' | 'set' | 'setMany' | 'incr' | 'switchPointer'>;

const NOT_AN_INTEGER = 'ERR value is not an integer or out of range';

export function stringOperations(space: LmdbKeyspace): StringOperations {
  const { store } = space;
  const setMany: StringOperations['setMany'] = async (entries, options) => {
    const ttlSeconds = ttlOf(options);
    if (entries.length === 0) return;
    const values = await placed(
      store,
      entries.map(([, value]) => ownBytes(value)),
    );
    const fullKeys = entries.map(([key]) => space.fullKey(key));
    await writeTransaction(store, () => {
      fullKeys.forEach((fullKey, index) => putString(space, fullKey, values[index]!, ttlSeconds));
    });
  };
  return {
    async get(key) {
      return space.stringBytes(space.fullKey(key))?.toString('utf8') ?? null;
    },
    async getBuffer(key) {
      return space.stringBytes(space.fullKey(key)) ?? null;
    },
    async getBuffers(keys) {
      // MGET returns nil (not an error) for keys of another type.
      return keys.map((key) => {
        const fullKey = space.fullKey(key);
        return space.live(fullKey)?.kind === 'string' ? (readString(store, fullKey) ?? null) : null;
      });
    },
    async set(key, value, options) {
      await setMany([[key, value]], options);
    },
    setMany,
    async incr(key, by = 1) {
      if (!Number.isSafeInteger(by)) throw new Error(NOT_AN_INTEGER);
      return writeTransaction(store, () => incrementInTransaction(space, space.fullKey(key), by).value);
    },
    async switchPointer(key, value) {
      const bytes = Buffer.from(value, 'utf8');
      return writeTransaction(store, () => {
        const fullKey = space.fullKey(key);
        const meta = space.liveForWrite(fullKey);
        assertKind(meta, 'string');
        const previous = meta === undefined ? null : (readString(store, fullKey)?.toString('utf8') ?? null);
        // GETSET, like SET, drops the key's TTL.
        putInside(store, fullKey, bytes);
        writeMeta(store, fullKey, { kind: 'string' }, meta);
        return previous;
      });
    },
  };
}

function ttlOf(options: SetOptions | undefined): number | undefined {
  if (options?.ttlSeconds !== undefined) assertTtlSeconds(options.ttlSeconds);
  return options?.ttlSeconds;
}

/** A value to store: its bytes, to go inside LMDB, or where they were appended outside it. */
type PlacedValue = Buffer | BlobRef;

/** Appends the values that belong outside LMDB to a segment, before the transaction that keeps them. */
async function placed(store: LmdbKeyspace['store'], values: Buffer[]): Promise<PlacedValue[]> {
  const outside = values.filter(belongsOutside);
  if (outside.length === 0) return values;
  const refs = await appendOutside(store, outside);
  let next = 0;
  return values.map((bytes) => (belongsOutside(bytes) ? refs[next++]! : bytes));
}

/** SET inside a transaction: replaces a value of either kind, with the TTL given or none. */
function putString(space: LmdbKeyspace, fullKey: Buffer, value: PlacedValue, ttlSeconds: number | undefined): void {
  const { store } = space;
  let previous = space.liveForWrite(fullKey);
  if (previous?.kind === 'hash') {
    removeKey(store, fullKey, previous);
    previous = undefined;
  }
  if (Buffer.isBuffer(value)) putInside(store, fullKey, value);
  else putOutside(store, fullKey, value);
  const expiresAt = ttlSeconds === undefined ? undefined : Date.now() + ttlSeconds * 1000;
  writeMeta(store, fullKey, expiresAt === undefined ? { kind: 'string' } : { kind: 'string', expiresAt }, previous);
}

/**
 * INCRBY inside a transaction: checks before it writes, so an error leaves the key as it was.
 * Keeps the key's TTL; answers the new value and the key's record.
 */
export function incrementInTransaction(space: LmdbKeyspace, fullKey: Buffer, by: number): { value: number; meta: KeyMeta } {
  const { store } = space;
  const previous = space.liveForWrite(fullKey);
  assertKind(previous, 'string');
  const text = previous === undefined ? '0' : (readString(store, fullKey)?.toString('utf8') ?? '0');
  // Redis' integers: no sign on zero, no leading zeros, no spaces, within 64 bits (here, within
  // what a JavaScript number holds exactly).
  if (!/^(?:0|-?[1-9]\d{0,18})$/.test(text) || !Number.isSafeInteger(Number(text))) throw new Error(NOT_AN_INTEGER);
  const value = Number(text) + by;
  if (!Number.isSafeInteger(value)) throw new Error('ERR increment or decrement would overflow');
  putInside(store, fullKey, Buffer.from(String(value), 'utf8'));
  const meta: KeyMeta = previous ?? { kind: 'string' };
  if (previous === undefined) writeMeta(store, fullKey, meta, undefined);
  return { value, meta };
}
