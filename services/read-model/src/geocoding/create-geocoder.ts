/** Chooses the Geocoder adapter from the configuration (docs/geocoding.md). */
import type { Cache, Config } from '@ust/platform';
import { createExternalGeocoder } from './external-geocoder.js';
import { createLocalGeocoder } from './local-geocoder.js';
import type { Geocoder } from './geocoder.js';

export interface GeocoderDeps {
  cache: Cache;
  config: Pick<Config, 'GEOCODER_URL' | 'GEOCODER_API_KEY'>;
  /** For tests of the external adapter. @defaultValue globalThis.fetch */
  fetch?: typeof fetch;
}

/** The external adapter when GEOCODER_URL is set, else the local index in `cache`. */
export function createGeocoder({ cache, config, fetch }: GeocoderDeps): Geocoder {
  if (config.GEOCODER_URL) return createExternalGeocoder({ url: config.GEOCODER_URL, apiKey: config.GEOCODER_API_KEY, ...(fetch ? { fetch } : {}) });
  return createLocalGeocoder({ cache });
}
