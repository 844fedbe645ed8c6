/**
 * What the API reads of a dataset version, all from the cache
 * (docs/decisions/0022-chdb-discipline.md: no request queries chDB). Each helper reads
 * `dataset:current` and then that version's keys; the previous version's keys outlive a
 * switch (prune-dataset-versions keeps them), so a reader that fetched the old pointer a
 * moment before a switch still finds them. Null means no dataset has been built yet (or,
 * per helper, an unknown region).
 */
import type { RegionLevel } from '@ust/domain';
import type { Cache } from '@ust/platform';
import type { FacilityListItem, FacilityStatistics, H3DensityResolution, RegionGeometry } from '@ust/schemas';
import { decodeBlob, unpackListItems, type CountyFacilitiesBody, type PackedListItems, type StateFacilitiesMeta } from './codecs/list-blobs.js';
import type { DatasetBuildMeta } from './dataset-meta.js';
import { DATASET_POINTER_KEY, datasetKeys } from './keys.js';

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

/** A prebuilt JSON document of the current version, as stored. */
export interface CachedDocument {
  version: number;
  /** The JSON, gzipped: send as is with `Content-Encoding: gzip`. */
  gzip: Buffer;
  /** Quoted strong ETag of the JSON. */
  etag: string;
}

/** The states or counties FeatureCollection. */
export type CachedRegionDocument = CachedDocument;

async function readDocument(cache: Cache, keysOf: (version: number) => [document: string, etag: string]): Promise<CachedDocument | null> {
  const version = await readCurrentVersion(cache);
  if (version === null) return null;
  const [gzip, etag] = await cache.getBuffers(keysOf(version));
  return gzip && etag ? { version, gzip, etag: etag.toString('utf8') } : null;
}

/** With `geometry: 'none'`, the variant whose features have geometry null. */
export async function readRegionDocument(cache: Cache, level: RegionLevel, geometry: RegionGeometry = 'full'): Promise<CachedRegionDocument | null> {
  return readDocument(cache, (version) => [datasetKeys.regionDocument(version, level, geometry), datasetKeys.regionDocumentEtag(version, level, geometry)]);
}

/** The H3DensityDocument of a resolution (4 to 7). */
export async function readH3DensityDocument(cache: Cache, resolution: H3DensityResolution): Promise<CachedDocument | null> {
  return readDocument(cache, (version) => [datasetKeys.h3Density(version, resolution), datasetKeys.h3DensityEtag(version, resolution)]);
}

/**
 * `GET /api/facilities/by-fips/{fips}`'s body (CountyFacilitiesBody) by 5-digit FIPS; null for
 * a FIPS that is not a county.
 */
export async function readCountyFacilitiesDocument(cache: Cache, fips: string): Promise<CachedDocument | null> {
  return readDocument(cache, (version) => [datasetKeys.countyFacilities(version, fips), datasetKeys.countyFacilitiesEtag(version, fips)]);
}

/**
 * `GET /api/facilities/by-state/{ST}`'s body (StateFacilitiesBody) for the default limit
 * (DEFAULT_STATE_LIST_LIMIT); null for a code without a list.
 */
export async function readStateFacilitiesDocument(cache: Cache, state: string): Promise<CachedDocument | null> {
  return readDocument(cache, (version) => [datasetKeys.stateFacilitiesDefault(version, state), datasetKeys.stateFacilitiesDefaultEtag(version, state)]);
}

export interface CountyFacilities {
  version: number;
  fips: string;
  county: string | null;
  state: string | null;
  total: number;
  facilities: FacilityListItem[];
}

/**
 * Every facility of a county as objects, by 5-digit FIPS; null for a FIPS that is not a
 * county. The API sends readCountyFacilitiesDocument's bytes instead.
 */
export async function readCountyFacilities(cache: Cache, fips: string): Promise<CountyFacilities | null> {
  const document = await readCountyFacilitiesDocument(cache, fips);
  if (document === null) return null;
  const body = await decodeBlob<CountyFacilitiesBody>(document.gzip);
  return { version: document.version, fips: body.fips, county: body.county, state: body.state, total: body.total, facilities: body.facilities };
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
