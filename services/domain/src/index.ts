export * from './geo.js';
export * from './state-codes.js';
export * from './counties.js';
export { countyNameKey } from './county-names.js';
export * from './protection-score.js';
export * from './facility-summary.js';
export * from './region-geometry.js';
export * from './zip-centroids.js';
