export * from './geo.js';
