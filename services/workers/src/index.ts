export { startWorkers, type WorkersHandle } from './start-workers.js';
export { buildProcessors, assertOneProcessorPerJob, ProcessorRegistryError, type WorkerDeps } from './registry.js';
export {
  readCurrentVersion,
  readStatistics,
  readDatasetMeta,
  readRegionDocument,
  readCountyFacilities,
  readStateFacilities,
  type CachedRegionDocument,
  type CountyFacilities,
  type StateFacilities,
} from './dataset/read-cache.js';
export { datasetKeys } from './dataset/dataset-keys.js';
export { rebuildDataset, type DatasetBuildMeta, type RebuildResult, type StepTiming } from './dataset/rebuild.js';
export type { RegionDocument, RegionDocumentMetadata } from './dataset/region-documents.js';
