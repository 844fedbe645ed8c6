export type * from './analytics-store.js';
export type * from './event-log.js';
export type * from './job-queue.js';
export type * from './cache.js';
