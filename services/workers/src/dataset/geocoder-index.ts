/**
 * A rebuild step: the local geocoder's index of a version (docs/geocoding.md). Street
 * addresses of the version's facilities and of the releases, deduplicated per state, plus ZIP
 * centroids and US places, written as small gzipped shards `v{n}:geo:{shard}` so that a
 * suggestion reads one or two of them from the cache and never queries ClickHouse
 * (docs/decisions/0022-chdb-discipline.md).
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { loadCountyLocator, loadZipCentroids } from '@ust/domain';
import {
  AddressDeduper,
  addressBucket,
  addressBucketCount,
  addressRowShards,
  GEOCODER_INDEX_FORMAT,
  loadUsPlaces,
  MAX_ADDRESS_BUCKETS,
  placeRowsByShard,
  zipRowsByShard,
  type GeocoderIndexMeta,
} from '@ust/domain/geocoding';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { datasetKeys } from '@ust/read-model';
import { getGeocoderFacilityPage, type GeocoderAddressRow } from '../queries/dataset/get-geocoder-facility-page.js';
import { getGeocoderReleasePage } from '../queries/dataset/get-geocoder-release-page.js';
import { getGeocoderStates } from '../queries/dataset/get-geocoder-states.js';
import { keysetPages } from './read-ahead.js';

const gzipAsync = promisify(gzip);
const PAGE_SIZE = 50_000;
/** Shards per cache write (each a few kB). */
const SHARDS_PER_WRITE = 500;

export type ShardKind = keyof GeocoderIndexMeta['bytes'];

/** Gzips shards in parallel and writes them in batches, counting stored bytes by kind. */
export class ShardWriter {
  private pending: Array<Promise<[string, Buffer]>> = [];
  keys = 0;
  readonly bytes: GeocoderIndexMeta['bytes'] = { addresses: 0, streets: 0, zips: 0, places: 0 };
  constructor(
    private readonly cache: Cache,
    private readonly version: number,
  ) {}
  async add(kind: ShardKind, shard: string, rowsJson: readonly string[]): Promise<void> {
    // Sorted, so the same data always gives the same bytes.
    const json = `[${[...rowsJson].sort().join(',')}]`;
    this.pending.push(
      gzipAsync(json).then((bytes): [string, Buffer] => {
        this.bytes[kind] += bytes.length;
        return [datasetKeys.geocoderShard(this.version, shard), bytes];
      }),
    );
    if (this.pending.length >= SHARDS_PER_WRITE) await this.flush();
  }
  /** A shard stored as it is (copied from another version): counted as written. */
  async addStored(kind: ShardKind, shard: string, bytes: Buffer): Promise<void> {
    this.bytes[kind] += bytes.length;
    this.pending.push(Promise.resolve([datasetKeys.geocoderShard(this.version, shard), bytes]));
    if (this.pending.length >= SHARDS_PER_WRITE) await this.flush();
  }
  async flush(): Promise<void> {
    const entries = await Promise.all(this.pending);
    this.pending = [];
    if (entries.length > 0) await this.cache.setMany(entries);
    this.keys += entries.length;
  }
}

async function* pages(read: (after: string) => Promise<GeocoderAddressRow[]>): AsyncGenerator<GeocoderAddressRow> {
  for await (const rows of keysetPages(read, (row) => row.id, PAGE_SIZE)) yield* rows;
}

const pushTo = <K>(groups: Map<K, string[]>, key: K, json: string) => {
  const group = groups.get(key);
  if (group) group.push(json);
  else groups.set(key, [json]);
};

/** The address rows of some states, as JSON text: numbered addresses by fine bucket, the others by street shard. */
export interface DerivedRows {
  /** Numbered addresses by bucket of MAX_ADDRESS_BUCKETS (the bucket count depends on how many there are). */
  fine: Map<number, string[]>;
  streets: Map<string, string[]>;
  addresses: number;
  streetRows: number;
  records: GeocoderIndexMeta['records'];
}

/**
 * Address rows are kept as JSON text until written: at national scale a million strings take a
 * fraction of the memory of a million row arrays. Addresses of different states never merge, so
 * one state's rows are in memory at a time.
 */
export async function deriveAddressRows(store: AnalyticsStore, version: number, states: readonly string[]): Promise<DerivedRows> {
  const derived: DerivedRows = { fine: new Map(), streets: new Map(), addresses: 0, streetRows: 0, records: { facilities: 0, releases: 0 } };
  for (const state of states) {
    const addresses = new AddressDeduper();
    for await (const row of pages((after) => getGeocoderFacilityPage(store, { version, state, after, limit: PAGE_SIZE }))) addresses.add(row, 'facility');
    const facilities = addresses.records;
    for await (const row of pages((after) => getGeocoderReleasePage(store, { state, after, limit: PAGE_SIZE }))) addresses.add(row, 'release');
    derived.records.facilities += facilities;
    derived.records.releases += addresses.records - facilities;
    for (const row of addresses.rows()) {
      const json = JSON.stringify(row);
      if (row[0] === null) {
        derived.streetRows += 1;
        for (const shard of addressRowShards(row, 1)) pushTo(derived.streets, shard, json);
      } else {
        derived.addresses += 1;
        pushTo(derived.fine, addressBucket(row[0], MAX_ADDRESS_BUCKETS), json);
      }
    }
  }
  return derived;
}

/** The rows of `a:{bucket}` among the fine buckets: MAX_ADDRESS_BUCKETS is a multiple of the bucket count, so fine bucket f belongs to f % buckets. */
export function bucketRows(fine: ReadonlyMap<number, string[]>, bucket: number, buckets: number): string[] {
  const rows: string[] = [];
  for (let fineBucket = bucket; fineBucket < MAX_ADDRESS_BUCKETS; fineBucket += buckets) rows.push(...(fine.get(fineBucket) ?? []));
  return rows;
}

export const emptyGeocoderMeta = (): GeocoderIndexMeta => ({
  format: GEOCODER_INDEX_FORMAT,
  buckets: 1,
  addresses: 0,
  streets: 0,
  zips: 0,
  places: 0,
  records: { facilities: 0, releases: 0 },
  keys: 0,
  bytes: { addresses: 0, streets: 0, zips: 0, places: 0 },
  seconds: 0,
});

export async function writeGeocoderIndex(store: AnalyticsStore, cache: Cache, version: number): Promise<GeocoderIndexMeta> {
  const started = performance.now();
  const meta = emptyGeocoderMeta();
  const derived = await deriveAddressRows(store, version, await getGeocoderStates(store, version));
  meta.addresses = derived.addresses;
  meta.streets = derived.streetRows;
  meta.records = derived.records;

  const writer = new ShardWriter(cache, version);
  meta.buckets = addressBucketCount(meta.addresses);
  for (let bucket = 0; bucket < meta.buckets; bucket += 1) {
    const rows = bucketRows(derived.fine, bucket, meta.buckets);
    // An empty bucket has no key: the reader takes a missing shard as no rows.
    if (rows.length > 0) await writer.add('addresses', `a:${bucket}`, rows);
  }
  derived.fine.clear();
  for (const [shard, rows] of derived.streets) await writer.add('streets', shard, rows);

  const zips = loadZipCentroids(loadCountyLocator());
  const places = loadUsPlaces(zips);
  meta.zips = zips.length;
  meta.places = places.length;
  for (const [shard, rows] of zipRowsByShard(zips))
    await writer.add(
      'zips',
      shard,
      rows.map((row) => JSON.stringify(row)),
    );
  for (const [shard, rows] of placeRowsByShard(places))
    await writer.add(
      'places',
      shard,
      rows.map((row) => JSON.stringify(row)),
    );
  await writer.flush();
  return finishGeocoderIndex(cache, version, meta, writer, started);
}

/** Counts the written keys and bytes into the meta, and writes it. */
export async function finishGeocoderIndex(
  cache: Cache,
  version: number,
  meta: GeocoderIndexMeta,
  writer: ShardWriter,
  started: number,
): Promise<GeocoderIndexMeta> {
  meta.keys = writer.keys + 1;
  meta.bytes = writer.bytes;
  meta.seconds = Math.round(performance.now() - started) / 1000;
  await cache.set(datasetKeys.geocoderMeta(version), JSON.stringify(meta));
  return meta;
}
