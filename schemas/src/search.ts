/**
 * Proximity search (docs/product.md sections 3 and 7, docs/decisions/0012-search-results.md):
 * the items the workers pack into the H3 search indexes, and POST /search-address.
 */
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { MAX_SEARCH_ADDRESS_LENGTH } from './constants.js';
import { GeocodeResult } from './geocoding.js';
import { LOCATED_BY } from './dataset.js';
import { LeakData } from './facility-data.js';
import { SearchQuote } from './pricing.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A facility as the search index holds it (docs/product.md section 3 'Search facility' without distance and pricing). */
export const SearchFacilityItem = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
  state: Type.String(),
  zip_code: Nullable(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** Every tank of the facility, whatever its status. */
  tank_count: Type.Integer(),
  active_tank_count: Type.Integer(),
  /** Null when the state's source provided no release table (docs/decisions/0037-leaks-not-reported.md). */
  has_leaks: Nullable(Type.Boolean()),
  leak_data: LeakData,
  leak_count: Type.Integer(),
  county_fips: Nullable(Type.String()),
  /** 1-10 (docs/risk-model.md); null before the first scored build. */
  risk_score: Nullable(Type.Integer({ minimum: 1, maximum: 10 })),
  /** Indicative annual premiums (docs/pricing.md), cheapest first; none without active tanks. */
  pricing: Type.Object({
    quotes: Type.Array(SearchQuote),
    best_carrier: Nullable(Type.String()),
    lowest_premium: Nullable(Type.Integer()),
    no_quote_reason: Nullable(Type.String()),
  }),
  source: Type.String(),
  is_generated: Type.Boolean(),
  /**
   * How the point was found (docs/decisions/0110-located-by.md). Kept last, with `approximate`:
   * the read model tells an approximate item by the bytes its JSON ends with.
   */
  located_by: Type.Enum([...LOCATED_BY]),
  /** True for a point placed at a ZIP centroid or a town centre: no distance under 1 mile is stated from it. */
  approximate: Type.Boolean(),
});
export type SearchFacilityItem = Static<typeof SearchFacilityItem>;

/** A release as the search index holds it. */
export const SearchReleaseItem = Type.Object({
  release_id: Type.String(),
  lust_id: Type.String(),
  facility_id: Nullable(Type.String()),
  name: Nullable(Type.String()),
  city: Nullable(Type.String()),
  state: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  status: Nullable(Type.String()),
  status_class: Type.Enum(['Open', 'No Further Action', 'Other']),
  substance: Nullable(Type.String()),
  reported_date: Nullable(Type.String()),
  /** The spec's `{hash}` field (docs/decisions/0010-release-fields.md). */
  Population_within_1500ft: Nullable(Type.Integer()),
  source: Type.String(),
  is_generated: Type.Boolean(),
  /**
   * How the point was found (docs/decisions/0110-located-by.md). Kept last, with `approximate`:
   * the read model tells an approximate item by the bytes its JSON ends with.
   */
  located_by: Type.Enum([...LOCATED_BY]),
  /** True for a point placed at a ZIP centroid or a town centre: no distance under 1 mile is stated from it. */
  approximate: Type.Boolean(),
});
export type SearchReleaseItem = Static<typeof SearchReleaseItem>;

export { MAX_SEARCH_ADDRESS_LENGTH };

/** POST /search-address. Coordinates of a picked suggestion skip geocoding (docs/decisions/0012-search-results.md). */
export const SearchAddressBody = Type.Object(
  {
    address: Type.String({ maxLength: MAX_SEARCH_ADDRESS_LENGTH }),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);
export type SearchAddressBody = Static<typeof SearchAddressBody>;

/** A facility of a search result: the index item and its distance (docs/product.md section 3 'Search facility'). */
export const SearchFacility = Type.Object({ ...SearchFacilityItem.properties, distance_miles: Type.Number() });
export type SearchFacility = Static<typeof SearchFacility>;

/** The closest release within 10 miles (docs/product.md section 3 'Closest release'). */
export const ClosestRelease = Type.Object({ ...SearchReleaseItem.properties, distance_miles: Type.Number() });
export type ClosestRelease = Static<typeof ClosestRelease>;

export const SearchResponse = Type.Object({
  /** At most 25, closest first (docs/decisions/0012-search-results.md). */
  facilities: Type.Array(SearchFacility),
  geocoding: GeocodeResult,
  /** Every facility within 10 miles. */
  total_found: Type.Integer({ minimum: 0 }),
  closest_release: Type.Union([ClosestRelease, Type.Null()]),
  /** The dataset version searched; null when the address could not be placed. */
  dataset_version: Type.Union([Type.Integer(), Type.Null()]),
  /** Quotes are indicative estimates (docs/decisions/0013-indicative-estimates.md). */
  pricing_note: Type.String(),
});
export type SearchResponse = Static<typeof SearchResponse>;

/**
 * What is wrong with a search body against SearchResponse (empty when it conforms): the route
 * writes its body from stored JSON rather than through the serializer, so tests check it here.
 */
export function searchResponseErrors(value: unknown): string[] {
  return [...Value.Errors(SearchResponse, value)].map((error) => `${error.instancePath || '(body)'} ${error.message}`);
}
