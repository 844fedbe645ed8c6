export { generateNationalDataset } from './generate-national.js';
export type { GenerateOptions } from './options.js';
export { generatedTablesByState, plannedCounts, type PlannedCounts } from './plan.js';
export { countsToGenerate, type RealCounts, type RealCountsByState } from './fill.js';
export { NATIONAL_TARGETS } from './calibration.js';
export { GENERATED_COORDINATE_SOURCE } from './records.js';
