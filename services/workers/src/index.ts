export { startWorkers, type WorkersHandle } from './start-workers.js';
export { buildProcessors, assertOneProcessorPerJob, ProcessorRegistryError, type WorkerDeps } from './registry.js';
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
} from './dataset/read-cache.js';
export { datasetKeys } from './dataset/dataset-keys.js';
export { DEFAULT_STATE_LIST_LIMIT } from './dataset/facility-lists.js';
export type { CountyFacilitiesBody, StateFacilitiesBody } from './dataset/list-blobs.js';
export { rebuildDataset, DERIVED_DATA_FORMAT, type DatasetBuildMeta, type RebuildResult, type StepTiming } from './dataset/rebuild.js';
export type { H3DensityTally } from './dataset/h3-density.js';
export type { StoredDocumentSize } from './dataset/encode-document.js';
export type { RegionDocument, RegionDocumentMetadata } from './dataset/region-documents.js';
export { searchKeys } from './dataset/search-keys.js';
