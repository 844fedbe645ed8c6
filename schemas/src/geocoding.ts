/**
 * Address autocomplete and geocoding (docs/product.md sections 2, 3 and 9;
 * docs/geocoding.md). Suggestions keep the maps service's feature shape the web app
 * was written against (id, place_name, center, properties.address).
 */
import Type, { type Static } from 'typebox';
import { GEOCODE_QUERY_MIN_CHARS } from './constants.js';

export { GEOCODE_QUERY_MIN_CHARS };

/** Suggestions per query (docs/product.md section 9). */
export const GEOCODE_SUGGESTION_LIMIT = 8;
export const GEOCODE_QUERY_MAX_CHARS = 200;

/** What a point stands for: a street address, a ZIP centroid or a city/town centroid. */
export const GeocodeMatchType = Type.Enum(['address', 'zip', 'place']);
export type GeocodeMatchType = Static<typeof GeocodeMatchType>;

export const AddressSuggestion = Type.Object(
  {
    id: Type.String({ description: "Stable id: 'address.DC.20002.1016-BLADENSBURG-RD-NE', 'postcode.19901', 'place.gn4142290'" }),
    /** The full text the input shows once picked. */
    place_name: Type.String(),
    center: Type.Tuple([Type.Number({ description: 'longitude' }), Type.Number({ description: 'latitude' })]),
    properties: Type.Object({
      /** The street line ('1016 Bladensburg Rd NE'); null for a ZIP or a place. */
      address: Type.Union([Type.String(), Type.Null()]),
      match_type: GeocodeMatchType,
    }),
  },
  { $id: 'AddressSuggestion' },
);
export type AddressSuggestion = Static<typeof AddressSuggestion>;

export const GeocodeSuggestQuery = Type.Object({
  q: Type.String({ maxLength: GEOCODE_QUERY_MAX_CHARS, description: 'What the user typed; under 3 characters after trimming gives no suggestions' }),
});
export type GeocodeSuggestQuery = Static<typeof GeocodeSuggestQuery>;

export const GeocodeSuggestResponse = Type.Object({ suggestions: Type.Array(AddressSuggestion) });
export type GeocodeSuggestResponse = Static<typeof GeocodeSuggestResponse>;

/** docs/product.md section 3 'Geocoding', plus what kind of point was found. */
export const GeocodeResult = Type.Object(
  {
    success: Type.Boolean(),
    message: Type.String(),
    original_address: Type.String(),
    formatted_address: Type.Union([Type.String(), Type.Null()]),
    latitude: Type.Union([Type.Number(), Type.Null()]),
    longitude: Type.Union([Type.Number(), Type.Null()]),
    match_type: Type.Union([GeocodeMatchType, Type.Null()]),
  },
  { $id: 'GeocodeResult' },
);
export type GeocodeResult = Static<typeof GeocodeResult>;
