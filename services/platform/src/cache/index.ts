export { createMemoryCache } from './memory-cache.js';
export { createRedisCache, type RedisCacheOptions } from './redis-cache.js';
