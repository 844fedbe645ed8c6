/**
 * Rows of the geocoder index from facility and release addresses, ZIP centroids and places.
 * Pure: the workers read the records and write the shards. Identical addresses (after
 * normalisation) become one row that counts the facilities and releases at that point.
 */
import type { ZipCentroid } from '../zip-centroids.js';
import { canonicalTokens, normaliseCity, normaliseStreet, placeNameVariants } from './normalise.js';
import { addressShard, placeShards, streetShards, zipShard, type AddressRow, type PlaceRow, type ZipRow } from './shards.js';
import type { UsPlace } from './us-places.js';

/** The address fields of a facility_summary or releases row. */
export interface AddressRecord {
  address: string | null;
  city: string | null;
  state: string;
  zip_code: string | null;
  latitude: number | null;
  longitude: number | null;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Deduplicates the address records of one state (a key never spans states, so the rebuild
 * holds one state's rows at a time). The first record of an address gives its coordinates:
 * facilities are added before releases.
 */
export class AddressDeduper {
  readonly #rows = new Map<string, AddressRow>();
  records = 0;

  add(record: AddressRecord, kind: 'facility' | 'release'): void {
    const { latitude, longitude } = record;
    if (record.address === null || latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    const line = normaliseStreet(record.address);
    if (!line || line.street.length === 0) return;
    this.records += 1;
    const city = normaliseCity(record.city, record.state);
    const zip = /^\d{5}/.exec(record.zip_code ?? '')?.[0] ?? null;
    // Canonical tokens, so 'Bladensburg Road' and 'BLADENSBURG RD' are one address.
    const key = [line.number ?? '', canonicalTokens(line.street).join(' '), record.state, zip ?? canonicalTokens(city).join(' ')].join('|');
    let row = this.#rows.get(key);
    if (!row) {
      row = [line.number, line.street.join(' '), city.join(' '), record.state, zip, round6(longitude), round6(latitude), 0, 0];
      this.#rows.set(key, row);
    }
    if (kind === 'facility') row[7] += 1;
    else row[8] += 1;
  }

  rows(): IterableIterator<AddressRow> {
    return this.#rows.values();
  }

  get size(): number {
    return this.#rows.size;
  }
}

/** The shards an address row is stored in (`buckets` is the `a:` bucket count). */
export function addressRowShards(row: AddressRow, buckets: number): string[] {
  return row[0] === null ? streetShards(row[1].split(' ')) : [addressShard(row[0], buckets)];
}

/** ZIP rows by shard. */
export function zipRowsByShard(zips: readonly ZipCentroid[]): Map<string, ZipRow[]> {
  const shards = new Map<string, ZipRow[]>();
  for (const zip of zips) {
    const shard = zipShard(zip.zip);
    const rows = shards.get(shard) ?? [];
    rows.push([zip.zip, zip.city, zip.state, round6(zip.longitude), round6(zip.latitude)]);
    shards.set(shard, rows);
  }
  return shards;
}

/** Place rows by shard; a place is in the shard of each of its name variants. */
export function placeRowsByShard(places: readonly UsPlace[]): Map<string, PlaceRow[]> {
  const shards = new Map<string, PlaceRow[]>();
  for (const place of places) {
    const variants = placeNameVariants(place.name, place.state);
    const row: PlaceRow = [
      place.id,
      place.name,
      place.state,
      round6(place.longitude),
      round6(place.latitude),
      place.population,
      variants.map((tokens) => tokens.join(' ')),
    ];
    for (const shard of placeShards(variants)) {
      const rows = shards.get(shard) ?? [];
      rows.push(row);
      shards.set(shard, rows);
    }
  }
  return shards;
}
