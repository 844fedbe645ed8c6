import { inject } from 'vitest';
import { createMemoryCache, createRedisCache } from '@ust/platform';
import { describeCacheAdapterContract } from './cache-adapter.contract.js';

describeCacheAdapterContract('memory', async () => createMemoryCache());
describeCacheAdapterContract('redis', async () => createRedisCache({ url: inject('redisUrl') }));
