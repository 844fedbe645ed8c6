import { describe, expect, inject, it } from 'vitest';
import { findFreePort } from '../testing/free-port.js';
import { describeCacheContract } from './cache.contract.js';
import { createMemoryCache, createRedisCache } from './index.js';

describeCacheContract('memory', async () => createMemoryCache());
describeCacheContract('redis', async () => createRedisCache({ url: inject('redisUrl') }));

describe('redis cache', () => {
  it('hides the password in its target', () => {
    const cache = createRedisCache({ url: 'redis://user:s3cret@127.0.0.1:1/0', connectTimeoutMs: 100 });
    expect(cache.target).toBe('redis://user@127.0.0.1:1/0');
    void cache.close();
  });

  it('rejects a call with a clear error when nothing listens, instead of hanging', async () => {
    const port = await findFreePort(); // free, so nothing listens there
    const url = `redis://127.0.0.1:${port}`;
    const cache = createRedisCache({ url, connectTimeoutMs: 1_000 });
    try {
      await expect(cache.get('anything')).rejects.toThrow(`Redis ${url}: GET failed`);
      await expect(cache.set('anything', 'x')).rejects.toThrow(/SET failed/);
      expect(await cache.ping()).toBe(false);
    } finally {
      await cache.close();
    }
  });
});
