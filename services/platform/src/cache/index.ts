export { createLmdbCache, type LmdbCacheOptions } from './lmdb-cache.js';
export { createMemoryCache, type MemoryCacheOptions } from './memory-cache.js';
export { createRedisCache, type RedisCacheOptions } from './redis-cache.js';
export { embeddedCachePaths, importMemorySnapshot, openEmbeddedCache } from './embedded-cache.js';
export { windowCounterFor, type WindowCounter } from './window-counter.js';
