/**
 * How many records each state gets at a given scale. The generator produces exactly these
 * counts (facilities, tanks, active tanks, releases, open releases), so progress bars and
 * ETAs built on plannedCounts end at 100 %.
 */
import { loadCalibration, type StateCalibration } from './calibration.js';
import type { DatasetTable } from '@ust/schemas';
import { countsToGenerate, generatedTables, NO_REAL_RECORDS, type RealCounts } from './fill.js';
import type { PlanOptions } from './options.js';

export interface StatePlan {
  state: string;
  calibration: StateCalibration;
  /** The state's real records, which its calibrated targets were reduced by. */
  real: RealCounts;
  facilities: number;
  tanks: number;
  /** Tanks not closed: currently in use or temporarily out of service (EPA's 'active'). */
  activeTanks: number;
  releases: number;
  /** Releases with status 'Open' (EPA's cleanup backlog share). */
  openReleases: number;
}

export interface PlannedCounts {
  facilities: number;
  tanks: number;
  releases: number;
  byState: Record<string, { facilities: number; tanks: number; activeTanks: number; releases: number }>;
}

/**
 * Every state not excluded, sorted by USPS code, with what is left to generate once its real
 * records are counted. Throws on a scale that is not positive.
 */
export function planStates(options: PlanOptions): StatePlan[] {
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0) throw new RangeError(`scale must be a positive number, got ${scale}`);
  // EPA spells the Northern Mariana Islands 'CM'; accept either spelling in excludeStates.
  const excluded = new Set(options.excludeStates.map((state) => (state.trim().toUpperCase() === 'CM' ? 'MP' : state.trim().toUpperCase())));
  return loadCalibration()
    .filter((calibration) => !excluded.has(calibration.state))
    .map((calibration) => {
      const targetFacilities = Math.round(calibration.facilities * scale);
      // Every facility has at least one tank; a state too small for one facility gets none.
      const target = {
        facilities: targetFacilities,
        tanks: targetFacilities === 0 ? 0 : Math.max(targetFacilities, Math.round(calibration.tanks * scale)),
        releases: Math.round(calibration.releases * scale),
      };
      const real = options.realCounts?.[calibration.state] ?? NO_REAL_RECORDS;
      const { facilities, tanks, releases } = countsToGenerate(target, real);
      return {
        state: calibration.state,
        calibration,
        real,
        facilities,
        tanks,
        activeTanks: Math.round(tanks * calibration.activeShare),
        releases,
        openReleases: Math.round(releases * calibration.openShare),
      };
    });
}

/** Totals and per-state counts the generator will produce, for progress bars and ETAs. */
export function plannedCounts(options: PlanOptions): PlannedCounts {
  const byState: PlannedCounts['byState'] = {};
  let facilities = 0;
  let tanks = 0;
  let releases = 0;
  for (const plan of planStates(options)) {
    byState[plan.state] = { facilities: plan.facilities, tanks: plan.tanks, activeTanks: plan.activeTanks, releases: plan.releases };
    facilities += plan.facilities;
    tanks += plan.tanks;
    releases += plan.releases;
  }
  return { facilities, tanks, releases, byState };
}

/**
 * The tables the generated import provides per state it writes records in, for the import's
 * coverage (fill.ts generatedTables).
 */
export function generatedTablesByState(options: PlanOptions): Record<string, DatasetTable[]> {
  const tables: Record<string, DatasetTable[]> = {};
  for (const plan of planStates(options)) {
    if (plan.facilities === 0 && plan.releases === 0) continue;
    tables[plan.state] = generatedTables({ facilities: plan.facilities, tanks: plan.tanks, releases: plan.releases }, plan.real);
  }
  return tables;
}
