export { default as geocoderPlugin } from './geocoder-plugin.js';
