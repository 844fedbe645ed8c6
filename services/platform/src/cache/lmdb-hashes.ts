/** Hashes on the LMDB cache: HSET, HGET and HGETALL, one LMDB record per field. */
import type { Cache } from '../ports/cache.js';
import { assertKind, type LmdbKeyspace } from './lmdb-keyspace.js';
import { hashFieldKey, hashFieldsStart, ownBytes, startsWith, writeMeta, writeTransaction } from './lmdb-store.js';

export type HashOperations = Pick<Cache, 'hset' | 'hget' | 'hgetall'>;

export function hashOperations(space: LmdbKeyspace): HashOperations {
  const { store } = space;
  return {
    async hset(key, fields) {
      const names = Object.keys(fields);
      if (names.length === 0) return; // the Redis adapter sends nothing either
      const owned = names.map((name) => [name, ownBytes(fields[name] as string | Buffer)] as const);
      await writeTransaction(store, () => {
        const fullKey = space.fullKey(key);
        const meta = space.liveForWrite(fullKey);
        assertKind(meta, 'hash');
        for (const [name, bytes] of owned) store.fields.putSync(hashFieldKey(fullKey, name), bytes);
        // A new hash has no TTL; an existing one keeps its own.
        if (meta === undefined) writeMeta(store, fullKey, { kind: 'hash' }, undefined);
      });
    },
    async hget(key, field) {
      const fullKey = space.fullKey(key);
      if (!space.isHash(fullKey)) return null;
      return store.fields.getBinary(hashFieldKey(fullKey, field))?.toString('utf8') ?? null;
    },
    async hgetall(key) {
      const fullKey = space.fullKey(key);
      const result: Record<string, string> = {};
      if (!space.isHash(fullKey)) return result;
      const start = hashFieldsStart(fullKey);
      for (const { key: fieldKey, value } of store.fields.getRange({ start })) {
        const bytes = fieldKey as Buffer;
        if (!startsWith(bytes, start)) break;
        result[bytes.subarray(start.length).toString('utf8')] = value.toString('utf8');
      }
      return result;
    },
  };
}
