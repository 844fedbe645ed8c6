export { default as app, API_PREFIX, type AppOptions } from './app.js';
export { buildGateway } from './build.js';
