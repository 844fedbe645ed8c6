/**
 * A Mapbox-style forward geocoding service (GET {url}/{query}.json?access_token=...), asked as
 * the spec's maps service was: country US, limit 8, types address and poi (docs/product.md
 * section 7, docs/decisions/0012-search-results.md). Its features are mapped to the local
 * adapter's shapes.
 */
import { GEOCODE_SUGGESTION_LIMIT, GEOCODE_QUERY_MIN_CHARS, type AddressSuggestion, type GeocodeMatchType, type GeocodeResult } from '@ust/schemas';
import { GEOCODE_NOT_FOUND_MESSAGE } from '@ust/domain/geocoding';
import { GeocoderUnavailableError, type Geocoder } from './geocoder.js';

export interface ExternalGeocoderOptions {
  /** Base URL up to the query, e.g. https://api.mapbox.com/geocoding/v5/mapbox.places */
  url: string;
  apiKey?: string | undefined;
  /** @defaultValue globalThis.fetch */
  fetch?: typeof fetch;
  /** @defaultValue 5000 */
  timeoutMs?: number;
}

/** The parts of a Mapbox feature that are used. */
interface ProviderFeature {
  id?: string;
  place_name?: string;
  center?: [number, number];
  place_type?: string[];
  /** House number of an address feature. */
  address?: string;
  /** Street name of an address feature, name of the others. */
  text?: string;
  properties?: { address?: string };
}

function matchTypeOf(feature: ProviderFeature): GeocodeMatchType {
  const types = feature.place_type ?? [];
  if (types.includes('address') || types.includes('poi')) return 'address';
  return types.includes('postcode') ? 'zip' : 'place';
}

function toSuggestion(feature: ProviderFeature): AddressSuggestion | null {
  const [longitude, latitude] = feature.center ?? [];
  if (typeof longitude !== 'number' || typeof latitude !== 'number' || !feature.place_name) return null;
  const matchType = matchTypeOf(feature);
  const street = feature.place_type?.includes('address') ? [feature.address, feature.text].filter(Boolean).join(' ') : feature.properties?.address;
  return {
    id: feature.id ?? feature.place_name,
    place_name: feature.place_name,
    center: [longitude, latitude],
    properties: { address: street || null, match_type: matchType },
  };
}

export function createExternalGeocoder({ url, apiKey, fetch: fetcher = globalThis.fetch, timeoutMs = 5000 }: ExternalGeocoderOptions): Geocoder {
  const base = url.replace(/\/+$/, '');
  const origin = new URL(base).origin;

  async function features(text: string, limit: number, autocomplete: boolean): Promise<AddressSuggestion[]> {
    const params = new URLSearchParams({
      country: 'US',
      limit: String(Math.min(limit, GEOCODE_SUGGESTION_LIMIT)),
      types: 'address,poi',
      autocomplete: String(autocomplete),
    });
    if (apiKey) params.set('access_token', apiKey);
    let response: Response;
    try {
      response = await fetcher(`${base}/${encodeURIComponent(text)}.json?${params}`, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      // The message names the origin only: the URL carries the access token.
      throw new GeocoderUnavailableError(`The geocoding service at ${origin} did not answer (${(error as Error).name})`);
    }
    if (!response.ok) throw new GeocoderUnavailableError(`The geocoding service at ${origin} answered HTTP ${response.status}`);
    const body = (await response.json()) as { features?: ProviderFeature[] };
    return (body.features ?? []).map(toSuggestion).filter((suggestion): suggestion is AddressSuggestion => suggestion !== null);
  }

  return {
    adapter: 'external',
    target: origin,
    async suggest(q: string, limit = GEOCODE_SUGGESTION_LIMIT) {
      const text = q.trim();
      return text.length < GEOCODE_QUERY_MIN_CHARS ? [] : features(text, limit, true);
    },
    async geocode(address: string): Promise<GeocodeResult> {
      const failed = (message: string): GeocodeResult => ({
        success: false,
        message,
        original_address: address,
        formatted_address: null,
        latitude: null,
        longitude: null,
        match_type: null,
      });
      const text = address.trim();
      if (text.length < GEOCODE_QUERY_MIN_CHARS) return failed(GEOCODE_NOT_FOUND_MESSAGE);
      let found: AddressSuggestion | undefined;
      try {
        [found] = await features(text, 1, false);
      } catch (error) {
        if (error instanceof GeocoderUnavailableError) return failed(error.message);
        throw error;
      }
      if (!found) return failed(GEOCODE_NOT_FOUND_MESSAGE);
      const [longitude, latitude] = found.center;
      return {
        success: true,
        message: 'Address found',
        original_address: address,
        formatted_address: found.place_name,
        latitude,
        longitude,
        match_type: found.properties.match_type,
      };
    },
  };
}
