export { startWorkers, type WorkersHandle } from './start-workers.js';
export { buildProcessors, assertOneProcessorPerJob, ProcessorRegistryError, type WorkerDeps } from './registry.js';
export { rebuildDataset, type RebuildResult, type StepTiming } from './dataset/rebuild.js';
export type { H3DensityTally } from './dataset/h3-density.js';
export type { RegionDocument, RegionDocumentMetadata } from './dataset/region-documents.js';
export { repairUnfinishedRecords, type RecordRepair } from './recovery/unfinished-records.js';
export { watchAlertsProcessor, type WatchAlertsResult } from './alerts/watch-alerts-job.js';
