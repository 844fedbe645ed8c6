export {
  DATASET_POINTER_KEY,
  NEXT_VERSION_KEY,
  datasetVersionPrefix,
  datasetVersionOfKey,
  datasetKeys,
  searchKeys,
  dialogBodyKeys,
  userCacheKey,
} from './keys.js';
export { DERIVED_DATA_FORMAT, type DatasetBuildMeta } from './dataset-meta.js';
export {
  readCurrentVersion,
  readStatistics,
  readDatasetMeta,
  readRegionDocument,
  readH3DensityDocument,
  readCountyFacilities,
  readCountyFacilitiesDocument,
  readStateFacilities,
  readStateFacilitiesDocument,
  type CachedDocument,
  type CachedRegionDocument,
  type CountyFacilities,
  type StateFacilities,
} from './read-dataset.js';
export {
  encodeStoredDocument,
  encodeResponseBody,
  storedSize,
  DOCUMENT_GZIP_LEVEL,
  RESPONSE_GZIP_LEVEL,
  type EncodedDocument,
  type StoredDocumentSize,
} from './codecs/encode-document.js';
export {
  decodeBlob,
  encodeBlob,
  packListItems,
  toListItem,
  unpackListItems,
  LIST_ITEM_COLUMNS,
  type CountyFacilitiesBody,
  type PackedListItems,
  type StateFacilitiesBody,
  type StateFacilitiesMeta,
} from './codecs/list-blobs.js';
export { SearchIndex, type KeptTiles, type SearchIndexOptions, type SearchTiming, type Surroundings } from './search/search-index.js';
export { foundItemJson, roundMiles, type FoundFacility, type FoundItem, type FoundRelease, type NearPointResult } from './search/found-items.js';
export { listItemsOfBody, streamCountyFacilities, streamStateFacilities, type FacilityListStream } from './stream-facility-lists.js';
