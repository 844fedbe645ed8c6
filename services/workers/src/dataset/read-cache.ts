/**
 * What the API reads of a dataset version, all from the cache (DECISIONS.md 22: no request
 * queries chDB). Each helper reads `dataset:current` and then that version's keys; the
 * previous version's keys outlive a switch (prune-dataset-versions keeps them), so a reader
 * that fetched the old pointer a moment before a switch still finds them. Null means no
 * dataset has been built yet (or, per helper, an unknown region).
 */
import { DATASET_POINTER_KEY, type FacilityListItem, type FacilityStatistics } from '@ust/schemas';
import type { RegionLevel } from '@ust/domain';
import type { Cache } from '@ust/platform';
import { datasetKeys } from './dataset-keys.js';
import { decodeBlob, unpackListItems, type CountyFacilitiesBlob, type PackedListItems, type StateFacilitiesMeta } from './list-blobs.js';
import type { DatasetBuildMeta } from './rebuild.js';

export async function readCurrentVersion(cache: Cache): Promise<number | null> {
  const pointer = await cache.get(DATASET_POINTER_KEY);
  const version = pointer === null ? NaN : Number(pointer);
  return Number.isInteger(version) && version >= 1 ? version : null;
}

export async function readStatistics(cache: Cache): Promise<FacilityStatistics | null> {
  const version = await readCurrentVersion(cache);
  if (version === null) return null;
  const json = await cache.get(datasetKeys.statistics(version));
  return json === null ? null : (JSON.parse(json) as FacilityStatistics);
}

/** Which build is live: version, when, from which import, counts by origin. */
export async function readDatasetMeta(cache: Cache): Promise<DatasetBuildMeta | null> {
  const version = await readCurrentVersion(cache);
  if (version === null) return null;
  const json = await cache.get(datasetKeys.meta(version));
  return json === null ? null : (JSON.parse(json) as DatasetBuildMeta);
}

export interface CachedRegionDocument {
  version: number;
  /** The FeatureCollection's JSON, gzipped: send as is with `Content-Encoding: gzip`. */
  gzip: Buffer;
  /** Quoted strong ETag of the JSON. */
  etag: string;
}

export async function readRegionDocument(cache: Cache, level: RegionLevel): Promise<CachedRegionDocument | null> {
  const version = await readCurrentVersion(cache);
  if (version === null) return null;
  const [gzip, etag] = await cache.getBuffers([datasetKeys.regionDocument(version, level), datasetKeys.regionDocumentEtag(version, level)]);
  return gzip && etag ? { version, gzip, etag: etag.toString('utf8') } : null;
}

export interface CountyFacilities {
  version: number;
  fips: string;
  county: string | null;
  state: string | null;
  total: number;
  facilities: FacilityListItem[];
}

/** Every facility of a county, by 5-digit FIPS; null for a FIPS that is not a county. */
export async function readCountyFacilities(cache: Cache, fips: string): Promise<CountyFacilities | null> {
  const version = await readCurrentVersion(cache);
  if (version === null) return null;
  const bytes = await cache.getBuffer(datasetKeys.countyFacilities(version, fips));
  if (bytes === null) return null;
  const blob = await decodeBlob<CountyFacilitiesBlob>(bytes);
  return { version, fips: blob.fips, county: blob.county, state: blob.state, total: blob.total, facilities: unpackListItems(blob) };
}

export interface StateFacilities {
  version: number;
  state: string;
  name: string | null;
  /** Facilities in the state; `facilities` holds the first `limit` of them. */
  total: number;
  facilities: FacilityListItem[];
}

/**
 * The first `limit` facilities of a state (USPS code) in facility_id order, reading only the
 * chunks they fall in; null for a code without a list.
 */
export async function readStateFacilities(cache: Cache, state: string, limit: number): Promise<StateFacilities | null> {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number >= 0, got ${limit}`);
  const version = await readCurrentVersion(cache);
  if (version === null) return null;
  const metaJson = await cache.get(datasetKeys.stateFacilities(version, state));
  if (metaJson === null) return null;
  const meta = JSON.parse(metaJson) as StateFacilitiesMeta;
  const wanted = Math.min(meta.chunks, Math.ceil(Math.min(limit, meta.total) / meta.chunk_size));
  const keys = Array.from({ length: wanted }, (_, index) => datasetKeys.stateFacilitiesChunk(version, state, index));
  const facilities: FacilityListItem[] = [];
  for (const bytes of await cache.getBuffers(keys)) {
    if (bytes === null) throw new Error(`Dataset v${version} lacks a facility chunk of state ${state}`);
    const chunk = await decodeBlob<PackedListItems>(bytes);
    // Only the rows asked for become objects: limit=50 of a 500-row chunk.
    facilities.push(...unpackListItems({ columns: chunk.columns, rows: chunk.rows.slice(0, limit - facilities.length) }));
  }
  return { version, state: meta.state, name: meta.name, total: meta.total, facilities };
}
