export { createMemoryCache, type MemoryCacheOptions } from './memory-cache.js';
export { createRedisCache, type RedisCacheOptions } from './redis-cache.js';
