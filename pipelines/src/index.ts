export type { DatasetItem, ImportContext } from './dataset-item.js';
export { ImportFailedError, runImport, type ImportResult, type RunImportDeps } from './import/run-import.js';
export { awaitFailureRecorded } from './import/await-failure.js';
export { awaitRebuild } from './import/await-rebuild.js';
export { importOutcome, listAllManifests, listManifests, readManifest, type ImportManifest, type ImportPlan } from './import/manifest.js';
export { ImportTally } from './read/tally.js';
export { ensureDemoDataset, FIXTURES_DIRECTORY, REAL_SOURCES } from './demo/build-demo.js';
export { tableChecksums, type TableChecksum } from './import/table-checksums.js';
export { republishAllImports, resetDatasetWriterToEarliest } from './import/replay-all.js';
