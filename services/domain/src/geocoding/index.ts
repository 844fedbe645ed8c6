/** The local geocoder's pure parts (docs/geocoding.md): normalising, parsing, index rows, ranking. */
export { tokenize, normaliseStreet, normaliseCity, canonicalTokens, displayTokens, placeNameVariants, type StreetLine } from './normalise.js';
export { parseQuery, parseLocality, MIN_QUERY_CHARS, MAX_QUERY_CHARS, type ParsedQuery, type Locality } from './parse.js';
export {
  GEOCODER_INDEX_FORMAT,
  ADDRESS_ROWS_PER_SHARD,
  MAX_ADDRESS_BUCKETS,
  addressBucket,
  addressBucketCount,
  type AddressRow,
  type ZipRow,
  type PlaceRow,
  type GeocoderIndexMeta,
} from './shards.js';
export { AddressDeduper, addressRowShards, zipRowsByShard, placeRowsByShard, type AddressRecord } from './build.js';
export { loadUsPlaces, placeKey, type UsPlace } from './us-places.js';
export { Tier, collectRows, shardsForQuery, rankCandidates, bestGeocode, type Candidate, type MatchType, type ShardRows } from './rank.js';
export { toSuggestion, toGeocodeResult, GEOCODE_NOT_FOUND_MESSAGE } from './results.js';
