export { createGeocoder, GeocoderUnavailableError, type Geocoder, type GeocoderDeps } from './geocoder.js';
export { createLocalGeocoder, type LocalGeocoderOptions } from './local-geocoder.js';
export { createExternalGeocoder, type ExternalGeocoderOptions } from './external-geocoder.js';
export { default as geocoderPlugin } from './geocoder-plugin.js';
