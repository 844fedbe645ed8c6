export * from './errors.js';
export * from './health.js';
export * from './topics.js';
export * from './jobs.js';
export * from './cache-keys.js';
export * from './dataset.js';
export * from './facility-data.js';
