/**
 * Cache keys of one dataset version (docs/data-model.md, 'Cache layout'). Every key starts with
 * `v{n}:`, so a rebuild writes beside the live version and prune-dataset-versions removes old
 * ones by prefix.
 */
import { datasetVersionPrefix, type H3DensityResolution, type RegionGeometry } from '@ust/schemas';
import type { RegionLevel } from '@ust/domain';

/** `none` keys end in `:no-geometry`; `full` keeps the keys it had before the variant existed. */
const geometrySuffix = (geometry: RegionGeometry) => (geometry === 'none' ? ':no-geometry' : '');

/** Counter that hands out dataset versions (INCR, so two rebuilds never share one). */
export const NEXT_VERSION_KEY = 'dataset:next-version';

export const datasetKeys = {
  /** FacilityStatistics as JSON. */
  statistics: (version: number) => `${datasetVersionPrefix(version)}stats`,
  /** DatasetBuildMeta as JSON. */
  meta: (version: number) => `${datasetVersionPrefix(version)}meta`,
  /** The region FeatureCollection, gzipped; with `none`, the variant whose features have geometry null. */
  regionDocument: (version: number, level: RegionLevel, geometry: RegionGeometry = 'full') =>
    `${datasetVersionPrefix(version)}geojson:${level}${geometrySuffix(geometry)}`,
  /** The quoted ETag of that document's JSON. */
  regionDocumentEtag: (version: number, level: RegionLevel, geometry: RegionGeometry = 'full') =>
    `${datasetVersionPrefix(version)}geojson:${level}${geometrySuffix(geometry)}:etag`,
  /** The H3DensityDocument of one resolution, gzipped. */
  h3Density: (version: number, resolution: H3DensityResolution) => `${datasetVersionPrefix(version)}h3density:${resolution}`,
  /** The quoted ETag of that document's JSON. */
  h3DensityEtag: (version: number, resolution: H3DensityResolution) => `${datasetVersionPrefix(version)}h3density:${resolution}:etag`,
  /** Every facility of a county: the by-fips response body (CountyFacilitiesBody), gzipped. */
  countyFacilities: (version: number, fips: string) => `${datasetVersionPrefix(version)}fac:county:${fips}`,
  /** The quoted ETag of that body's JSON. */
  countyFacilitiesEtag: (version: number, fips: string) => `${datasetVersionPrefix(version)}fac:county:${fips}:etag`,
  /** StateFacilitiesMeta as JSON: how many facilities and chunks the state has. */
  stateFacilities: (version: number, state: string) => `${datasetVersionPrefix(version)}fac:state:${state}`,
  /** The by-state response body for the default limit (StateFacilitiesBody), gzipped. */
  stateFacilitiesDefault: (version: number, state: string) => `${datasetVersionPrefix(version)}fac:state:${state}:default`,
  /** The quoted ETag of that body's JSON. */
  stateFacilitiesDefaultEtag: (version: number, state: string) => `${datasetVersionPrefix(version)}fac:state:${state}:default:etag`,
  /** Chunk `index` (0-based) of the state's facilities in facility_id order: a gzipped PackedListItems. */
  stateFacilitiesChunk: (version: number, state: string, index: number) => `${datasetVersionPrefix(version)}fac:state:${state}:${index}`,
  /** The geocoder index's GeocoderIndexMeta as JSON (docs/geocoding.md). */
  geocoderMeta: (version: number) => `${datasetVersionPrefix(version)}geo:meta`,
  /** One geocoder index shard ('a:12', 's:HWY', 'z:199', 'p:DOV'): its rows as gzipped JSON. */
  geocoderShard: (version: number, shard: string) => `${datasetVersionPrefix(version)}geo:${shard}`,
};
