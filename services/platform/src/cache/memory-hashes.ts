/** Hashes on the embedded cache: HSET, HGET and HGETALL. */
import type { Cache } from '../ports/cache.js';
import type { MemoryKeyspace } from './memory-keyspace.js';
import { toBuffer } from './memory-store.js';

export type HashOperations = Pick<Cache, 'hset' | 'hget' | 'hgetall'>;

export function hashOperations(space: MemoryKeyspace): HashOperations {
  return {
    async hset(key, fields) {
      const names = Object.keys(fields);
      if (names.length === 0) return; // the Redis adapter sends nothing either
      const entry = space.hashEntry(key) ?? { kind: 'hash' as const, fields: new Map<string, Buffer>() };
      for (const name of names) entry.fields.set(name, toBuffer(fields[name] as string | Buffer));
      space.write(key, entry);
    },
    async hget(key, field) {
      return space.hashEntry(key)?.fields.get(field)?.toString('utf8') ?? null;
    },
    async hgetall(key) {
      const entry = space.hashEntry(key);
      const result: Record<string, string> = {};
      for (const [name, value] of entry?.fields ?? []) result[name] = value.toString('utf8');
      return result;
    },
  };
}
