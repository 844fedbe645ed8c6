/** Keys themselves on the embedded cache: DEL, listing by prefix, and deleting by prefix. */
import type { Cache } from '../ports/cache.js';
import type { MemoryKeyspace } from './memory-keyspace.js';

export type KeyOperations = Pick<Cache, 'del' | 'keys' | 'deleteByPrefix'>;

export function keyOperations(space: MemoryKeyspace): KeyOperations {
  return {
    async del(...keys) {
      let deleted = 0;
      for (const key of new Set(keys)) {
        if (space.live(key)) {
          space.delete(key);
          deleted++;
        }
      }
      return deleted;
    },
    async keys(keyPrefix) {
      return space.keysStartingWith(keyPrefix);
    },
    async deleteByPrefix(keyPrefix) {
      if (space.prefix + keyPrefix === '') throw new Error('deleteByPrefix refuses to delete every key of the root view');
      const keys = space.keysStartingWith(keyPrefix);
      for (const key of keys) space.delete(key);
      return keys.length;
    },
  };
}
