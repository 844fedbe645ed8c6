export * from './geo.js';
export * from './state-codes.js';
export * from './counties.js';
export { countyNameKey } from './county-names.js';
