export type { DatasetItem, ImportContext } from './dataset-item.js';
export {
  ImportFailedError,
  runImport,
  type ImportOutcome,
  type ImportResult,
  type RunImport,
  type RunImportDeps,
  type TallyCounts,
} from './import/run-import.js';
export { createImportReader, type ImportReader } from './import/import-thread/import-thread.js';
export { awaitFailureRecorded } from './import/await-failure.js';
export { awaitRebuild } from './import/await-rebuild.js';
export { ImportTally } from './read/tally.js';
export { ensureDemoDataset, FIXTURES_DIRECTORY } from './demo/build-demo.js';
export { LATER_REAL_SOURCES, REAL_SOURCES, realImportsFor, STATE_EXPORT_SOURCES } from './demo/real-sources.js';
export { getRealCountsByState } from './queries/demo/get-real-counts-by-state.js';
export { tableChecksums, type TableChecksum } from './import/table-checksums.js';
export { republishAllImports, resetDatasetWriterToEarliest } from './import/replay-all.js';
export { estimateRows } from './cli/estimate.js';
export { resolveSources } from './read/sources.js';
export { importProcessors, type ImportJobDeps } from './jobs/import-job.js';
