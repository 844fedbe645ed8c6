/**
 * How the geocoder index is split into cache shards, and what a shard holds. A suggest reads
 * only the shards its query can match, in one round trip, and ranks their rows in memory
 * (docs/geocoding.md). Shard ids are relative: the workers store them as `v{n}:geo:{id}`.
 *
 * - `a:{bucket}`: street addresses with a house number, by a hash of the number. A typed
 *   number is complete once a street word follows it, so the bucket is known exactly.
 * - `s:{abc}`: addresses without a number ('N JERSEY AVE & C ST NW', 'HWY 50'), by the first
 *   three letters of the first non-directional word (and of its long form: 'HWY' and 'HIG').
 * - `z:{123}`: ZIP centroids by the first three digits.
 * - `p:{abc}`: places by the first three letters of the name without spaces, per name variant.
 */
import { canonicalWord, isDirectional, longFormsOf } from './usps.js';

/** Bumped when a row layout changes; the gateway refuses an index of another format. */
export const GEOCODER_INDEX_FORMAT = 1;
/**
 * Address rows aimed at per `a:` shard: a keystroke that reaches a cold shard gunzips and parses
 * all of it, so the rows per shard bound that keystroke's decoding (docs/geocoding.md has the
 * shard sizes and decode times at national scale).
 */
export const ADDRESS_ROWS_PER_SHARD = 250;
/** Upper bound of `a:` buckets; the count is a power of two that divides it. */
export const MAX_ADDRESS_BUCKETS = 4096;

/** [number, street, city, state, zip, longitude, latitude, facilities, releases] */
export type AddressRow = [
  number: string | null,
  street: string,
  city: string,
  state: string,
  zip: string | null,
  longitude: number,
  latitude: number,
  facilities: number,
  releases: number,
];
/** [zip, city, state, longitude, latitude] */
export type ZipRow = [zip: string, city: string | null, state: string, longitude: number, latitude: number];
/** [id, name as shown, state, longitude, latitude, population, canonical name variants] */
export type PlaceRow = [id: string, name: string, state: string, longitude: number, latitude: number, population: number, variants: string[]];

/** `v{n}:geo:meta`: what the reader needs to find shards, and what the build produced. */
export interface GeocoderIndexMeta {
  format: number;
  /** Number of `a:` buckets. */
  buckets: number;
  addresses: number;
  streets: number;
  zips: number;
  places: number;
  /** Facility and release records that went in (before deduplication). */
  records: { facilities: number; releases: number };
  keys: number;
  /** Stored (gzipped) bytes by shard kind. */
  bytes: { addresses: number; streets: number; zips: number; places: number };
  /** How long the build took (reading the records included). */
  seconds: number;
}

/** FNV-1a, 32 bits: a stable hash of the house number for its bucket. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The bucket count for `rows` addresses: a power of two, at most MAX_ADDRESS_BUCKETS. */
export function addressBucketCount(rows: number): number {
  let buckets = 1;
  while (buckets < MAX_ADDRESS_BUCKETS && buckets * ADDRESS_ROWS_PER_SHARD < rows) buckets *= 2;
  return buckets;
}

/** Bucket of a house number; `hash % MAX_ADDRESS_BUCKETS % buckets` is the same bucket. */
export function addressBucket(number: string, buckets: number): number {
  return fnv1a(number) % buckets;
}

export const addressShard = (number: string, buckets: number) => `a:${addressBucket(number, buckets)}`;
export const zipShard = (zip: string) => `z:${zip.slice(0, 3)}`;

const prefixOf = (tokens: readonly string[]) => tokens.join('').slice(0, 3);

/** `p:` shards of a name (canonical tokens); one per distinct three-letter prefix. */
export function placeShards(variants: readonly (readonly string[])[]): string[] {
  return [...new Set(variants.map((tokens) => prefixOf(tokens)).filter(Boolean))].map((prefix) => `p:${prefix}`);
}

/**
 * `s:` shards of a street without a number: its first non-directional word, canonical and
 * spelled out, so the shard is found while either is typed.
 */
export function streetShards(street: readonly string[]): string[] {
  const word = street.find((token) => !isDirectional(token)) ?? street[0];
  if (!word) return [];
  const canonical = canonicalWord(word);
  return [...new Set([word, canonical, ...longFormsOf(canonical)].map((form) => form.slice(0, 3)))].map((prefix) => `s:${prefix}`);
}
