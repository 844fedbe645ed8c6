/**
 * Candidates from the rows of the shards a query reads, ranked (docs/geocoding.md, 'Ranking'):
 * exact street address > street prefix > ZIP > place (city, state) > street without a number
 * begun > fuzzy. Within a tier, agreement with a typed city/state/ZIP counts first, then how
 * much is at the point (facilities and releases, or a place's population).
 */
import { parseLocality, type Locality, type ParsedQuery } from './parse.js';
import { fitLocality, matchName, matchStreet, placeWordsOf, wordsOf, type Words } from './match.js';
import { canonicalPlaceTokens, canonicalTokens, displayTokens } from './normalise.js';
import { addressShard, placeShards, streetShards, zipShard, type AddressRow, type PlaceRow, type ZipRow } from './shards.js';
import { isDirectional, suffixAbbreviation } from './usps.js';

export const Tier = { addressExact: 6, addressPrefix: 5, zip: 4, place: 3, streetBegun: 2, fuzzy: 1 } as const;

export type MatchType = 'address' | 'zip' | 'place';

export interface Candidate {
  id: string;
  placeName: string;
  /** The street line of an address; null for a ZIP or a place. */
  address: string | null;
  longitude: number;
  latitude: number;
  matchType: MatchType;
  /** Tier x 100 + a score within the tier (0-99). */
  score: number;
  /** Good enough to place a typed address (see bestGeocode). */
  geocodable: boolean;
  /** Tie-break: ZIPs in numeric order, the rest by name. */
  order: string;
}

/** The rows of the shards read, by kind. */
export interface ShardRows {
  addresses: AddressRow[];
  streets: AddressRow[];
  zips: ZipRow[];
  places: PlaceRow[];
}

/** Sorts shard contents by kind from their ids ('a:12', 's:HWY', 'z:199', 'p:DOV'). */
export function collectRows(shards: Iterable<readonly [id: string, rows: unknown[]]>): ShardRows {
  const rows: ShardRows = { addresses: [], streets: [], zips: [], places: [] };
  const target = { a: rows.addresses, s: rows.streets, z: rows.zips, p: rows.places } as Record<string, unknown[]>;
  for (const [id, content] of shards) target[id.charAt(0)]?.push(...content);
  return rows;
}

/**
 * Where a number-led query without a comma names its locality: after the last suffix or
 * directional ('1016 NOWHERE RD DOVER DE'), or after the last suffix when a trailing 'NE' is
 * Nebraska ('123 MAIN ST OMAHA NE').
 */
function trailingLocality(words: readonly string[]): Locality | null {
  const canonical = canonicalTokens(words);
  const lastTail = canonical.findLastIndex((word, index) => index > 0 && (isDirectional(word) || suffixAbbreviation(word) !== undefined));
  const lastSuffix = canonical.findLastIndex((word, index) => index > 0 && suffixAbbreviation(word) !== undefined);
  const after = lastTail >= 0 && lastTail < words.length - 1 ? lastTail : lastSuffix;
  return after >= 0 && after < words.length - 1 ? parseLocality(words.slice(after + 1)) : null;
}

/** The cities (with states) a query may name, each a reading to try against places. */
function placeReadings(query: ParsedQuery): Locality[] {
  if (query.zipPrefix) return [];
  if (query.number) {
    const locality = query.locality ?? trailingLocality(query.afterNumber);
    return locality && locality.city.length > 0 ? [locality] : [];
  }
  const typed = query.locality;
  const whole: Locality = { city: query.leading, states: typed?.states ?? [], looseStates: typed?.looseStates ?? true, zip: null };
  const readings = [whole];
  // Without a comma the state may be the last words ('DOVER DE'); with one, it follows it.
  const split = typed ? null : parseLocality(query.leading);
  if (split && split.city.length > 0 && split.city.length < query.leading.length) readings.push(split);
  return readings;
}

/** The shards a query can match: at most a handful, read in one round trip. */
export function shardsForQuery(query: ParsedQuery, buckets: number): string[] {
  const shards = new Set<string>();
  if (query.number) shards.add(addressShard(query.number, buckets));
  if (query.zipPrefix) shards.add(zipShard(query.zipPrefix));
  if (query.zip) shards.add(zipShard(query.zip));
  if (query.leading.length > 0 && !query.zipPrefix) for (const shard of streetShards(query.leading)) shards.add(shard);
  for (const reading of placeReadings(query)) for (const shard of placeShards([canonicalPlaceTokens(reading.city)])) shards.add(shard);
  return [...shards];
}

const clamp = (value: number) => Math.max(0, Math.min(99, Math.round(value)));
const join = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(', ');

function addressCandidate(query: ParsedQuery, typed: Words, row: AddressRow, numbered: boolean): Candidate | null {
  const [number, street, city, state, zip, longitude, latitude, facilities, releases] = row;
  const streetWords = street.split(' ');
  const match = matchStreet(typed, wordsOf(streetWords));
  if (!match) return null;
  const rest = typed.raw.slice(match.consumed);
  const locality = query.locality ?? (rest.length > 0 ? parseLocality(rest) : null);
  const cityWords = city ? city.split(' ') : [];
  const fit = fitLocality(locality, { city: canonicalPlaceTokens(cityWords), state, zip });
  if (match.needsLocality && (fit.agree === 0 || fit.conflict)) return null;
  // A street without a number somewhere else than the typed state or ZIP is no suggestion.
  if (!numbered && fit.conflict) return null;
  let tier: number = match.kind === 'exact' ? Tier.addressExact : match.kind === 'prefix' ? Tier.addressPrefix : Tier.fuzzy;
  // Without a number, a street is an address only when typed whole; begun, it ranks below places.
  if (!numbered) tier = match.kind === 'exact' ? Tier.addressPrefix : match.kind === 'prefix' ? Tier.streetBegun : Tier.fuzzy;
  if (fit.conflict) tier = Tier.fuzzy;
  const line = [number, displayTokens(streetWords)].filter(Boolean).join(' ');
  const within = 50 + 10 * fit.agree - 10 * fit.unmatched - (match.skippedDirectional ? 5 : 0) + Math.min(9, 3 * Math.log10(1 + facilities + releases));
  const exactEnough = numbered ? match.kind !== 'fuzzy' : match.kind === 'exact';
  return {
    id: `address.${state}.${zip ?? city.replace(/ /g, '-')}.${[number, ...streetWords].filter(Boolean).join('-')}`,
    placeName: join(line, displayTokens(cityWords), [state, zip].filter(Boolean).join(' ')),
    address: line,
    longitude,
    latitude,
    matchType: 'address',
    score: tier * 100 + clamp(within),
    geocodable: !fit.conflict && (exactEnough || (match.kind === 'fuzzy' && fit.agree > 0)),
    order: line,
  };
}

function zipCandidate(query: ParsedQuery, row: ZipRow): Candidate | null {
  const [zip, city, state, longitude, latitude] = row;
  const exact = zip === query.zip;
  if (!exact && !(query.zipPrefix && zip.startsWith(query.zipPrefix))) return null;
  return {
    id: `postcode.${zip}`,
    placeName: join(city, `${state} ${zip}`),
    address: null,
    longitude,
    latitude,
    matchType: 'zip',
    score: Tier.zip * 100 + (exact ? 60 : 30),
    geocodable: exact,
    order: zip,
  };
}

function placeCandidate(readings: readonly Locality[], row: PlaceRow): Candidate | null {
  const [id, name, state, longitude, latitude, population, variants] = row;
  let best: Candidate | null = null;
  for (const reading of readings) {
    const kind = matchName(placeWordsOf(reading.city), variants);
    if (!kind) continue;
    const stated = reading.states.length > 0;
    const agrees = stated && reading.states.includes(state);
    if (stated && !agrees && !reading.looseStates) continue;
    const within = (kind === 'exact' ? 30 : 0) + (agrees ? 20 : 0) - (stated && !agrees ? 10 : 0) + Math.min(49, 7 * Math.log10(1 + population));
    const score = (kind === 'fuzzy' ? Tier.fuzzy : Tier.place) * 100 + clamp(within);
    if (best && best.score >= score) continue;
    const placeName = `${name}, ${state}`;
    best = {
      id: `place.${id}`,
      placeName,
      address: null,
      longitude,
      latitude,
      matchType: 'place',
      score,
      geocodable: kind === 'exact' && (!stated || agrees || reading.looseStates),
      order: placeName,
    };
  }
  return best;
}

/** Every candidate of the rows, best first, one per id. */
export function rankCandidates(query: ParsedQuery, rows: ShardRows): Candidate[] {
  const found = new Map<string, Candidate>();
  const keep = (candidate: Candidate | null) => {
    if (!candidate) return;
    const seen = found.get(candidate.id);
    if (!seen || seen.score < candidate.score) found.set(candidate.id, candidate);
  };
  if (query.number) {
    const typed = wordsOf(query.afterNumber);
    for (const row of rows.addresses) if (row[0] === query.number) keep(addressCandidate(query, typed, row, true));
  }
  if (query.leading.length > 0) {
    const typed = wordsOf(query.leading);
    for (const row of rows.streets) keep(addressCandidate(query, typed, row, false));
  }
  if (query.zip || query.zipPrefix) for (const row of rows.zips) keep(zipCandidate(query, row));
  const readings = placeReadings(query);
  if (readings.length > 0) for (const row of rows.places) keep(placeCandidate(readings, row));
  return [...found.values()].sort((a, b) => b.score - a.score || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
}

/** The point a typed address is placed at: the best candidate good enough to stand for it. */
export function bestGeocode(candidates: readonly Candidate[]): Candidate | undefined {
  return candidates.find((candidate) => candidate.geocodable);
}
