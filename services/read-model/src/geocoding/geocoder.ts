/**
 * The Geocoder port (docs/architecture.md section 3): address suggestions for the
 * autocomplete input and an address's point for the search. The local index is the default;
 * an external Mapbox-style service replaces it when GEOCODER_URL is set (docs/geocoding.md).
 */
import type { AddressSuggestion, GeocodeResult } from '@ust/schemas';

export interface Geocoder {
  readonly adapter: 'local' | 'external';
  /** Where it points, for the start-up line (never the API key). */
  readonly target: string;
  /**
   * Up to `limit` suggestions, best first; none for under 3 characters after trimming.
   * Throws GeocoderUnavailableError when it cannot answer (no index yet, service down).
   */
  suggest(q: string, limit?: number): Promise<AddressSuggestion[]>;
  /** The point of a typed address; `success: false` with a message saying what to try when it has none. */
  geocode(address: string): Promise<GeocodeResult>;
}

/** The geocoder cannot answer now (the route answers 503 with this message). */
export class GeocoderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderUnavailableError';
  }
}
