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

const gzipAsync = promisify(gzip);
const PAGE_SIZE = 50_000;
/** Shards per cache write (each a few kB). */
const SHARDS_PER_WRITE = 500;

type ShardKind = keyof GeocoderIndexMeta['bytes'];

/** Gzips shards in parallel and writes them in batches, counting stored bytes by kind. */
class ShardWriter {
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
  async flush(): Promise<void> {
    const entries = await Promise.all(this.pending);
    this.pending = [];
    if (entries.length > 0) await this.cache.setMany(entries);
    this.keys += entries.length;
  }
}

async function* pages(read: (after: string) => Promise<GeocoderAddressRow[]>): AsyncGenerator<GeocoderAddressRow> {
  let after = '';
  for (;;) {
    const rows = await read(after);
    yield* rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE_SIZE) return;
    after = last.id;
  }
}

const pushTo = <K>(groups: Map<K, string[]>, key: K, json: string) => {
  const group = groups.get(key);
  if (group) group.push(json);
  else groups.set(key, [json]);
};

export async function writeGeocoderIndex(store: AnalyticsStore, cache: Cache, version: number): Promise<GeocoderIndexMeta> {
  const started = performance.now();
  // Address rows are kept as JSON text until written: at national scale a million strings
  // take a fraction of the memory of a million row arrays. Numbered addresses are grouped by
  // the finest bucket first, because the bucket count depends on how many there are.
  const fine = new Map<number, string[]>();
  const streets = new Map<string, string[]>();
  const meta: GeocoderIndexMeta = {
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
  };
  for (const state of await getGeocoderStates(store, version)) {
    // Addresses of different states never merge, so one state's rows are in memory at a time.
    const addresses = new AddressDeduper();
    for await (const row of pages((after) => getGeocoderFacilityPage(store, { version, state, after, limit: PAGE_SIZE }))) addresses.add(row, 'facility');
    const facilities = addresses.records;
    for await (const row of pages((after) => getGeocoderReleasePage(store, { state, after, limit: PAGE_SIZE }))) addresses.add(row, 'release');
    meta.records.facilities += facilities;
    meta.records.releases += addresses.records - facilities;
    for (const row of addresses.rows()) {
      const json = JSON.stringify(row);
      if (row[0] === null) {
        meta.streets += 1;
        for (const shard of addressRowShards(row, 1)) pushTo(streets, shard, json);
      } else {
        meta.addresses += 1;
        pushTo(fine, addressBucket(row[0], MAX_ADDRESS_BUCKETS), json);
      }
    }
  }

  const writer = new ShardWriter(cache, version);
  meta.buckets = addressBucketCount(meta.addresses);
  for (let bucket = 0; bucket < meta.buckets; bucket += 1) {
    const rows: string[] = [];
    // MAX_ADDRESS_BUCKETS is a multiple of the bucket count: fine bucket f belongs to f % buckets.
    for (let fineBucket = bucket; fineBucket < MAX_ADDRESS_BUCKETS; fineBucket += meta.buckets) rows.push(...(fine.get(fineBucket) ?? []));
    // An empty bucket has no key: the reader takes a missing shard as no rows.
    if (rows.length > 0) await writer.add('addresses', `a:${bucket}`, rows);
  }
  fine.clear();
  for (const [shard, rows] of streets) await writer.add('streets', shard, rows);

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

  meta.keys = writer.keys + 1;
  meta.bytes = writer.bytes;
  meta.seconds = Math.round(performance.now() - started) / 1000;
  await cache.set(datasetKeys.geocoderMeta(version), JSON.stringify(meta));
  return meta;
}
