/**
 * Risk model v1: every weight and threshold of the 1-10 risk score. docs/risk-model.md explains
 * each one and works examples by hand; change both together, and publish a change of weights
 * as a new version (risk-model-v2.ts beside this one) so stored scores name what made them.
 *
 * Unknown data scores half a factor's maximum, rounded down: a facility is neither cleared nor
 * condemned by a field its state does not report, and the breakdown shows the value as null.
 */
import type { RiskModel } from './risk-types.js';

export const RISK_MODEL_V1 = {
  version: 'risk-v1',
  tanks: {
    // More tanks in service, more joints, pumps and deliveries that can fail.
    activeTankCount: {
      steps: [
        { from: 0, points: 0 },
        { from: 4, points: 1 },
      ],
      unknown: 0,
    },
    // A tank left in the ground unused may be neither emptied nor watched; one point only, as
    // it also sees no deliveries (Mid-Continent even credits it).
    temporarilyOutOfService: {
      steps: [
        { from: 0, points: 0 },
        { from: 1, points: 1 },
      ],
      unknown: 0,
    },
    // Age drives every carrier's base rate (rate-filings.md); tanks from before the 1988 federal
    // standards sit in the top step.
    oldestTankAge: {
      steps: [
        { from: 0, points: 0 },
        { from: 10, points: 1 },
        { from: 20, points: 2 },
        { from: 30, points: 3 },
        { from: 40, points: 4 },
      ],
      unknown: 2,
    },
    averageTankAge: {
      steps: [
        { from: 0, points: 0 },
        { from: 15, points: 1 },
        { from: 30, points: 2 },
      ],
      unknown: 1,
    },
    protectionScore: {
      steps: [
        { from: 0, points: 3 },
        { from: 40, points: 2 },
        { from: 70, points: 1 },
        { from: 90, points: 0 },
      ],
      unknown: 1,
    },
    // Construction is the largest credit after age in the filings (double wall -20 % to -50 %).
    singleWalled: { none: 0, some: 1, all: 2, unknown: 1 },
    substance: {
      classes: [
        { name: 'hazardous substance', pattern: /hazardous|chemical|solvent/i, points: 2 },
        // Gasoline moves fast in groundwater and carries benzene (and MTBE in older releases).
        { name: 'gasoline', pattern: /gasoline|gasohol|ethanol|\bav ?gas|aviation gas|\bE-?\d{2,3}\b/i, points: 1 },
        { name: 'used oil', pattern: /used oil|waste oil/i, points: 1 },
        { name: 'diesel or fuel oil', pattern: /diesel|kerosene|jet|heating oil|fuel oil|\boil\b/i, points: 0 },
      ],
      other: 1,
      unknown: 1,
    },
    capacityGallons: {
      steps: [
        { from: 0, points: 0 },
        { from: 10_000, points: 1 },
        { from: 30_000, points: 2 },
      ],
      unknown: 1,
    },
  },
  releases: {
    count: {
      steps: [
        { from: 0, points: 0 },
        { from: 1, points: 1 },
        { from: 2, points: 2 },
        { from: 4, points: 3 },
      ],
    },
    // An open release is contamination in the ground today (Zurich loads it twice a closed one).
    open: {
      steps: [
        { from: 0, points: 0 },
        { from: 1, points: 4 },
      ],
    },
    yearsSinceLatest: {
      steps: [
        { from: 0, points: 2 },
        { from: 5, points: 1 },
        { from: 15, points: 0 },
      ],
      unknown: 1,
    },
    residualContamination: { yes: 2, no: 0, unknown: 1 },
  },
  receptors: {
    population: {
      steps: [
        { from: 0, points: 0 },
        { from: 500, points: 1 },
        { from: 2_500, points: 2 },
      ],
      unknown: 1,
    },
    // One drinking-water well within reach is enough to make a release a water-supply claim.
    privateWells: {
      steps: [
        { from: 0, points: 0 },
        { from: 1, points: 2 },
      ],
      unknown: 1,
    },
    sourceWaterProtectionArea: { yes: 1, no: 0, unknown: 0 },
    wellheadProtectionArea: { yes: 2, no: 0, unknown: 1 },
    floodplain: { yes: 1, no: 0, unknown: 0 },
    needSource: true,
  },
  scoreThresholds: [3, 5, 7, 9, 11, 13, 16, 19, 23],
} as const satisfies RiskModel;
