/**
 * Shapes of the risk model: what it reads (RiskInput), what it answers (RiskAssessment, declared
 * once in @ust/schemas) and the weights a model version is made of (RiskModel).
 * docs/risk-model.md is the reference.
 */
import type { FacilityRecord, ReleaseRecord, RiskAssessment, TankRecord } from '@ust/schemas';
import type { ProtectionInputs } from '../protection-score.js';

export type { RiskAssessment } from '@ust/schemas';
export type RiskFactor = RiskAssessment['factors'][number];
export type RiskBand = RiskAssessment['band'];

export type RiskTank = Pick<TankRecord, 'tank_status' | 'installation_date' | 'capacity_gallons' | 'substances'> & ProtectionInputs;
export type RiskRelease = Pick<ReleaseRecord, 'status_class' | 'reported_date' | 'closed_with_residual_contamination'>;
/** The facility's receptor fields (EPA UST Finder, within 1,500 ft of the facility). */
export type RiskReceptors = Pick<FacilityRecord, 'population_1500ft' | 'private_wells_1500ft' | 'within_spa' | 'within_whpa' | 'within_100yr_floodplain'>;

/** What a facility summary knows about one facility. */
export interface RiskInput {
  tanks: readonly RiskTank[];
  /** Releases linked to the facility, any status. */
  releases: readonly RiskRelease[];
  receptors: RiskReceptors;
  /** Ages and release recency are measured to this instant (a rebuild's start). */
  asOf: Date;
}

/** A value at or above `from` scores `points` (the last step reached wins; steps ascend). */
export interface Step {
  from: number;
  points: number;
}

/** A numeric factor: points by steps, and the points of an unknown value. */
export interface SteppedFactor {
  steps: readonly Step[];
  unknown: number;
}

/** A yes / no / unknown factor. */
export interface FlagFactor {
  yes: number;
  no: number;
  unknown: number;
}

export interface SubstanceClass {
  name: string;
  /** Matched against each of a tank's '; '-separated substances. */
  pattern: RegExp;
  points: number;
}

/** Every weight and threshold of one model version; a later version sits beside it. */
export interface RiskModel {
  version: string;
  tanks: {
    /** Unknown: the facility has no tank record at all. */
    activeTankCount: SteppedFactor;
    temporarilyOutOfService: SteppedFactor;
    oldestTankAge: SteppedFactor;
    averageTankAge: SteppedFactor;
    /** On the 0-100 protection score (protection-score.ts). */
    protectionScore: SteppedFactor;
    singleWalled: { none: number; some: number; all: number; unknown: number };
    /** The first class a substance matches; `other` for a named substance no class matches. */
    substance: { classes: readonly SubstanceClass[]; other: number; unknown: number };
    capacityGallons: SteppedFactor;
  };
  releases: {
    count: { steps: readonly Step[] };
    open: { steps: readonly Step[] };
    yearsSinceLatest: SteppedFactor;
    residualContamination: FlagFactor;
  };
  receptors: {
    population: SteppedFactor;
    privateWells: SteppedFactor;
    sourceWaterProtectionArea: FlagFactor;
    wellheadProtectionArea: FlagFactor;
    floodplain: FlagFactor;
    /**
     * When true, a site whose tank records are all closed and that has no release on record
     * scores 0 on every receptor: there is nothing that could reach them.
     */
    needSource: boolean;
  };
  /** Minimum points for scores 2 to 10, ascending (nine entries); fewer points score 1. */
  scoreThresholds: readonly number[];
}
