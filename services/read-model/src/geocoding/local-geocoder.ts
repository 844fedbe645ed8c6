/**
 * The local geocoder: the index the workers build per dataset version, read from the cache
 * (never ClickHouse, docs/decisions/0022-chdb-discipline.md). A query reads the pointer,
 * then the few shards it can match in one round trip, and ranks their rows in memory. Shards
 * of a version never change, so decoded ones are kept in a small LRU: the keystrokes of one
 * address hit the same shard.
 */
import { gunzipSync } from 'node:zlib';
import {
  bestGeocode,
  collectRows,
  GEOCODER_INDEX_FORMAT,
  parseQuery,
  rankCandidates,
  shardsForQuery,
  toGeocodeResult,
  toSuggestion,
  type Candidate,
  type GeocoderIndexMeta,
} from '@ust/domain/geocoding';
import type { Cache } from '@ust/platform';
import { datasetKeys } from '../keys.js';
import { readCurrentVersion } from '../read-dataset.js';
import { GEOCODE_SUGGESTION_LIMIT, type AddressSuggestion, type GeocodeResult } from '@ust/schemas';
import { GeocoderUnavailableError, type Geocoder } from './geocoder.js';

export interface LocalGeocoderOptions {
  cache: Cache;
  /** Decoded shards kept in memory (a few kB to a few hundred kB each). @defaultValue 512 */
  shardCacheSize?: number;
}

/** A Map in use order: a hit moves the entry to the end, the oldest is evicted first. */
class Lru<V> {
  readonly #entries = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

export function createLocalGeocoder({ cache, shardCacheSize = 512 }: LocalGeocoderOptions): Geocoder {
  const metas = new Lru<GeocoderIndexMeta | null>(8);
  const shards = new Lru<unknown[]>(shardCacheSize);

  async function indexMeta(version: number): Promise<GeocoderIndexMeta> {
    let meta = metas.get(version.toString());
    if (meta === undefined) {
      const json = await cache.get(datasetKeys.geocoderMeta(version));
      meta = json === null ? null : (JSON.parse(json) as GeocoderIndexMeta);
      metas.set(version.toString(), meta);
    }
    // A version built before the geocoder step has no index until the next rebuild.
    if (meta === null)
      throw new GeocoderUnavailableError(`The address index of dataset version ${version} is not built yet; the next dataset rebuild builds it`);
    if (meta.format !== GEOCODER_INDEX_FORMAT)
      throw new GeocoderUnavailableError(
        `The address index of dataset version ${version} has format ${meta.format}, not ${GEOCODER_INDEX_FORMAT}; rebuild the dataset`,
      );
    return meta;
  }

  async function readShards(version: number, ids: readonly string[]): Promise<Array<[string, unknown[]]>> {
    const found: Array<[string, unknown[]]> = [];
    const missing: string[] = [];
    for (const id of ids) {
      const rows = shards.get(datasetKeys.geocoderShard(version, id));
      if (rows) found.push([id, rows]);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const buffers = await cache.getBuffers(missing.map((id) => datasetKeys.geocoderShard(version, id)));
    missing.forEach((id, index) => {
      const bytes = buffers[index];
      // Shards are a few kB: inflating inline costs less than a trip to the thread pool.
      const rows = bytes ? (JSON.parse(gunzipSync(bytes).toString('utf8')) as unknown[]) : [];
      shards.set(datasetKeys.geocoderShard(version, id), rows);
      found.push([id, rows]);
    });
    return found;
  }

  async function candidates(text: string): Promise<Candidate[]> {
    const query = parseQuery(text);
    if (!query) return [];
    const version = await readCurrentVersion(cache);
    if (version === null) throw new GeocoderUnavailableError('No dataset has been built yet');
    const meta = await indexMeta(version);
    return rankCandidates(query, collectRows(await readShards(version, shardsForQuery(query, meta.buckets))));
  }

  return {
    adapter: 'local',
    target: `cache ${cache.adapter} (v{n}:geo:*)`,
    async suggest(q: string, limit = GEOCODE_SUGGESTION_LIMIT): Promise<AddressSuggestion[]> {
      return (await candidates(q)).slice(0, limit).map(toSuggestion);
    },
    async geocode(address: string): Promise<GeocodeResult> {
      try {
        return toGeocodeResult(address, bestGeocode(await candidates(address)));
      } catch (error) {
        // The search shows the message in its geocoding panel (docs/product.md
        // section 8).
        if (error instanceof GeocoderUnavailableError) return toGeocodeResult(address, undefined, error.message);
        throw error;
      }
    },
  };
}
