export { generateNationalDataset } from './generate-national.js';
export type { GenerateOptions } from './options.js';
export { plannedCounts, type PlannedCounts } from './plan.js';
export { NATIONAL_TARGETS } from './calibration.js';
export { GENERATED_COORDINATE_SOURCE } from './records.js';
