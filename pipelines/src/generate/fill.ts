/**
 * Generation fills only what the real files leave missing (docs/generated-data.md,
 * "Calibration"): per state and table, generated = max(0, target - real), the target being the
 * calibrated count at the plan's scale. Real counts come from what the real imports were
 * accepted with, never from the files' nominal sizes.
 */
import { DATASET_TABLES, type DatasetTable } from '@ust/schemas';

/** Records a state's real imports hold, per table (tribal-land records not included). */
export interface RealCounts {
  facilities: number;
  tanks: number;
  releases: number;
}

export type RealCountsByState = Readonly<Record<string, RealCounts>>;

export const NO_REAL_RECORDS: RealCounts = Object.freeze({ facilities: 0, tanks: 0, releases: 0 });

/**
 * What generation adds to a state whose targets are `target` and real records `real`. Generated
 * tanks belong to generated facilities only (a real facility's tank list is its source's): with
 * no facility to generate there is no tank to generate, and every generated facility keeps at
 * least one tank.
 */
export function countsToGenerate(target: RealCounts, real: RealCounts): RealCounts {
  const facilities = Math.max(0, target.facilities - real.facilities);
  const tanks = facilities === 0 ? 0 : Math.max(facilities, target.tanks - real.tanks);
  return { facilities, tanks, releases: Math.max(0, target.releases - real.releases) };
}

/**
 * The tables the generated import provides in a state (docs/decisions/0037-leaks-not-reported.md):
 * a table it wrote records of, or one no real file provides there, whose zero is then the
 * generator's own reported zero. A state where real releases already reach the target gets no
 * generated release, and its generated facilities say "not reported" rather than "no leaks".
 */
export function generatedTables(generated: RealCounts, real: RealCounts): DatasetTable[] {
  return DATASET_TABLES.filter((table) => generated[table] > 0 || real[table] === 0);
}
