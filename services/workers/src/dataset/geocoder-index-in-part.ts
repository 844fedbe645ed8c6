/**
 * The geocoder index of a version that derives only some states again
 * (docs/decisions/0116-rebuild-what-an-import-touched.md). An address row names its state and
 * a shard holds rows of many states (`a:` buckets hash the house number), so every address and
 * street shard of the base is read: a shard that holds none of the rebuilt states' rows, then or
 * now, is copied as it is; any other is written again from its other rows and the rebuilt
 * states' rows now, sorted as a full build sorts them. ZIP and place shards come from reference
 * files, not records: copied.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { addressBucketCount, GEOCODER_INDEX_FORMAT, type AddressRow, type GeocoderIndexMeta } from '@ust/domain/geocoding';
import type { AnalyticsStore, Cache } from '@ust/platform';
import { datasetKeys, datasetVersionPrefix } from '@ust/read-model';
import { copyVersionKeys } from './copy-version-keys.js';
import { bucketRows, deriveAddressRows, emptyGeocoderMeta, finishGeocoderIndex, ShardWriter, type ShardKind } from './geocoder-index.js';
import type { RebuiltStates } from './rebuild-plan.js';

const gunzipAsync = promisify(gunzip);
/** Shards read per cache round trip. */
const SHARDS_PER_READ = 500;

/** A base shard's rows of the other states, and what it held of the rebuilt states. */
interface BaseShard {
  kind: ShardKind;
  stored: Buffer;
  kept: string[];
  /** Rows of the rebuilt states it held. */
  dropped: string[];
}

/** Null when the base's index cannot be continued (another format, or the bucket count changes): derive everything. */
export async function writeGeocoderIndexInPart(
  store: AnalyticsStore,
  cache: Cache,
  version: number,
  rebuilt: RebuiltStates,
): Promise<GeocoderIndexMeta | null> {
  const started = performance.now();
  const storedMeta = await cache.get(datasetKeys.geocoderMeta(rebuilt.base));
  if (storedMeta === null) return null;
  const base = JSON.parse(storedMeta) as GeocoderIndexMeta;
  if (base.format !== GEOCODER_INDEX_FORMAT) return null;
  const rebuiltStates = new Set(rebuilt.states);
  const shards = await readBaseShards(cache, rebuilt.base, rebuiltStates);

  // What the base held of the rebuilt states: each numbered address is in one `a:` shard, a street row in several.
  const droppedAddresses = new Set<string>();
  const droppedStreets = new Set<string>();
  for (const shard of shards.values()) for (const row of shard.dropped) (shard.kind === 'addresses' ? droppedAddresses : droppedStreets).add(row);
  const derived = await deriveAddressRows(store, version, rebuilt.states);
  const meta = emptyGeocoderMeta();
  meta.addresses = base.addresses - droppedAddresses.size + derived.addresses;
  meta.streets = base.streets - droppedStreets.size + derived.streetRows;
  meta.buckets = addressBucketCount(meta.addresses);
  if (meta.buckets !== base.buckets) return null;
  const records = (rows: Set<string>, field: 7 | 8) => [...rows].reduce((sum, row) => sum + (JSON.parse(row) as AddressRow)[field], 0);
  meta.records = {
    facilities: base.records.facilities - records(droppedAddresses, 7) - records(droppedStreets, 7) + derived.records.facilities,
    releases: base.records.releases - records(droppedAddresses, 8) - records(droppedStreets, 8) + derived.records.releases,
  };
  meta.zips = base.zips;
  meta.places = base.places;

  const writer = new ShardWriter(cache, version);
  const added = new Map<string, { kind: ShardKind; rows: string[] }>();
  for (let bucket = 0; bucket < meta.buckets; bucket += 1) {
    const rows = bucketRows(derived.fine, bucket, meta.buckets);
    if (rows.length > 0) added.set(`a:${bucket}`, { kind: 'addresses', rows });
  }
  for (const [shard, rows] of derived.streets) added.set(shard, { kind: 'streets', rows });
  for (const [shard, { kind, stored, kept, dropped }] of shards) {
    const rows = added.get(shard)?.rows ?? [];
    added.delete(shard);
    if (dropped.length === 0 && rows.length === 0) await writer.addStored(kind, shard, stored);
    // A shard left without rows has no key, as in a full build.
    else if (kept.length + rows.length > 0) await writer.add(kind, shard, [...kept, ...rows]);
  }
  for (const [shard, { kind, rows }] of added) await writer.add(kind, shard, rows);
  await writer.flush();
  for (const [kind, prefix] of [
    ['zips', 'geo:z:'],
    ['places', 'geo:p:'],
  ] as const) {
    const copied = await copyVersionKeys(cache, rebuilt.base, version, prefix, () => true);
    writer.keys += copied.keys;
    writer.bytes[kind] += copied.bytes;
  }
  return finishGeocoderIndex(cache, version, meta, writer, started);
}

/** Every address and street shard of the base, its rows split into the other states' and the rebuilt states'. */
async function readBaseShards(cache: Cache, base: number, rebuiltStates: ReadonlySet<string>): Promise<Map<string, BaseShard>> {
  const prefix = datasetVersionPrefix(base);
  const shards = new Map<string, BaseShard>();
  for (const [kind, shardPrefix] of [
    ['addresses', 'geo:a:'],
    ['streets', 'geo:s:'],
  ] as const) {
    const keys = await cache.keys(prefix + shardPrefix);
    for (let start = 0; start < keys.length; start += SHARDS_PER_READ) {
      const batch = keys.slice(start, start + SHARDS_PER_READ);
      const values = await cache.getBuffers(batch);
      for (const [index, key] of batch.entries()) {
        const stored = values[index];
        if (!stored) throw new Error(`${key} went away while it was read (was v${base} pruned?)`);
        const kept: string[] = [];
        const dropped: string[] = [];
        for (const row of JSON.parse((await gunzipAsync(stored)).toString('utf8')) as AddressRow[]) {
          (rebuiltStates.has(row[3]) ? dropped : kept).push(JSON.stringify(row));
        }
        shards.set(key.slice(prefix.length + 'geo:'.length), { kind, stored, kept, dropped });
      }
    }
  }
  return shards;
}
