export { GeocoderUnavailableError, type Geocoder } from './geocoder.js';
export { createGeocoder, type GeocoderDeps } from './create-geocoder.js';
export { createLocalGeocoder, type LocalGeocoderOptions } from './local-geocoder.js';
export { createExternalGeocoder, type ExternalGeocoderOptions } from './external-geocoder.js';
export { default as geocoderPlugin } from './geocoder-plugin.js';
