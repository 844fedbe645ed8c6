/**
 * The cache key layout, all of it (docs/architecture.md section 5, docs/data-model.md 'Cache
 * layout'): the pointer to the live dataset version, the keys of each version's derived data, and
 * the keys the gateway keeps beside them (dialog bodies, users). Writers and readers build keys
 * here only, so a key has one spelling.
 *
 * Keys of derived data start with `v{n}:`: a rebuild writes a new version beside the live one and
 * switches `dataset:current` at once, and prune-dataset-versions removes an old one by prefix.
 */
import type { RegionLevel } from '@ust/domain';
import type { H3DensityResolution, RegionGeometry } from '@ust/schemas';

/** Names the live dataset version `n` (switched atomically, Cache.switchPointer). */
export const DATASET_POINTER_KEY = 'dataset:current';

/** Counter that hands out dataset versions (INCR, so two rebuilds never share one). */
export const NEXT_VERSION_KEY = 'dataset:next-version';

/**
 * Every version below this one has no keys left (prune-dataset-versions writes it), so a prune
 * checks only the versions from here up instead of listing every key of the cache.
 */
export const PRUNED_BELOW_KEY = 'dataset:pruned-below';

/** `v{version}:` — the prefix of every key of one dataset version. */
export function datasetVersionPrefix(version: number): string {
  if (!Number.isInteger(version) || version < 1) throw new Error(`Dataset version must be a positive integer, got ${version}`);
  return `v${version}:`;
}

/** Parses the version of a `v{n}:...` key; undefined for keys outside the layout. */
export function datasetVersionOfKey(key: string): number | undefined {
  const match = /^v(\d+):/.exec(key);
  return match ? Number(match[1]) : undefined;
}

/** `none` keys end in `:no-geometry`; `full` keys have no suffix. */
const geometrySuffix = (geometry: RegionGeometry) => (geometry === 'none' ? ':no-geometry' : '');

/** The prebuilt documents and lists of a version. */
export const datasetKeys = {
  /** FacilityStatistics as JSON. */
  statistics: (version: number) => `${datasetVersionPrefix(version)}stats`,
  /** The facility summary step's counts by state (SummaryTally JSON by state code): a build that derives only some states adds the others' from here. */
  summaryTallies: (version: number) => `${datasetVersionPrefix(version)}summary-tallies`,
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

/** Where the items blobs of every version are: a rebuild deletes those no version it keeps names. */
export const SEARCH_ITEMS_PREFIX = 'h3items:';

/**
 * The search indexes of a version (docs/architecture.md section 4, 'A search'): the packed
 * facilities and releases of each resolution-7 H3 cell, the search tiles (resolution 5)
 * holding their coordinates, and the directory of the tiles.
 */
export const searchKeys = {
  /**
   * The items blob of the cell's facilities (SearchFacilityItem JSON, services/domain/src/proximity/packed-cell.ts)
   * under its digest, which the tiles name: not a version's key, every version whose cell holds the same items shares it.
   */
  facilityItems: (resolution: number, cell: string, digest: string) => `${SEARCH_ITEMS_PREFIX}fac:${resolution}:${cell}:${digest}`,
  /** The items blob of the cell's releases (SearchReleaseItem JSON), as facilityItems. */
  releaseItems: (resolution: number, cell: string, digest: string) => `${SEARCH_ITEMS_PREFIX}rel:${resolution}:${cell}:${digest}`,
  /** The coordinates of the facilities and releases in a tile (services/domain/src/proximity/search-tile.ts). */
  tile: (version: number, resolution: number, cell: string) => `${datasetVersionPrefix(version)}h3:tile:${resolution}:${cell}`,
  /** The tiles each state's facilities and releases are in (JSON, states and tiles in order): a build that derives some states again finds the tiles they were in. */
  tilesOfStates: (version: number, resolution: number) => `${datasetVersionPrefix(version)}h3:tiles-of-states:${resolution}`,
  /** Every tile's cell and circles (services/domain/src/proximity/tile-directory.ts). */
  tileDirectory: (version: number, resolution: number) => `${datasetVersionPrefix(version)}h3:tiles:${resolution}`,
  /** The tiles within reach of every box near a tile, listed from the directory (BoxTiles.toBytes). */
  boxLists: (version: number, resolution: number) => `${datasetVersionPrefix(version)}h3:box-lists:${resolution}`,
};

/**
 * Serialized dialog bodies the gateway reads through from ClickHouse (a facility's or a
 * release's details). Under the version's prefix, so a new build never serves an old body and
 * pruning the version removes them.
 */
export const dialogBodyKeys = {
  facilityDetails: (version: number, id: string) => `${datasetVersionPrefix(version)}details:facility:${id}`,
  releaseDetails: (version: number, id: string) => `${datasetVersionPrefix(version)}details:release:${id}`,
};

/** A user's record (UserRecord JSON) by user id: outside any version, as users outlive builds. */
export const userCacheKey = (id: string) => `user:${id}`;

/** What a user keeps (preferences and watchlists, assembled from user_records) by user id: outside any version too. */
export const userStateCacheKey = (id: string) => `user-state:${id}`;

/** A user's newest alerts and unread count (the gateway's, for a minute at most; the alert job deletes it when it adds alerts). */
export const userAlertsCacheKey = (id: string) => `user-alerts:${id}`;
