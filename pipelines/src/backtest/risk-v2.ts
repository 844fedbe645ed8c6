/**
 * risk-v2, fitted: a logistic model of a release within 3 years on what a facility's records say
 * at T (docs/risk-model.md, 'Backtest'), fitted on real records only. Its figures in the backtest
 * are out of sample: facilities are split into folds, every as-of row of a facility in the same
 * fold and each region spread over all folds, and each fold is scored by the model fitted on the
 * others.
 */
import { facilityProtectionScore, tanksInTheGround, wallTypeFactor, yearsSince, type RiskInput } from '@ust/domain';
import { facilityAt, isoDay, releaseWithin, yearsAfter } from './as-of.js';
import type { FacilityHistory } from './facility-histories.js';
import { fitLogistic, predict } from './logistic.js';
import type { ScoringModel } from './run-backtest.js';

export const RISK_V2_ID = 'risk-v2';
/** The window the model predicts. */
export const FITTED_HORIZON_YEARS = 3;
export const FOLDS = 5;

/** The features in coefficient order (after the intercept), for the report and the docs. */
export const FEATURES = [
  'oldest tank age / 10 years',
  'mean tank age / 10 years',
  'any single-walled tank',
  'single-walled × oldest age / 10',
  'wall type unknown for every tank',
  'protection score / 100 (unknown: 0.5)',
  'protection score unknown',
  'ln(1 + tanks in service)',
  'ln(1 + capacity / 10,000 gal)',
  'gasoline stored',
  'diesel stored',
  'ln(1 + releases reported before T)',
  'an open release at T',
  'years since the latest release / 10 (none: 0)',
] as const;

/** 3-year release probability at which the 1-10 score steps up: score = 1 + thresholds reached. */
export const PROBABILITY_STEPS = [0.02, 0.03, 0.04, 0.055, 0.07, 0.09, 0.12, 0.16, 0.22] as const;

export const scoreOfProbability = (probability: number) => 1 + PROBABILITY_STEPS.filter((step) => probability >= step).length;

/** The model's features of a facility as known at T. */
export function featuresOf(input: RiskInput): number[] {
  const tanks = tanksInTheGround(input.tanks);
  const ages = tanks.map((tank) => yearsSince(tank.installation_date, input.asOf)).filter((age): age is number => age !== null);
  const oldest = ages.length ? Math.max(...ages) : 0;
  const mean = ages.length ? ages.reduce((sum, age) => sum + age, 0) / ages.length : 0;
  const walls = tanks.map((tank) => wallTypeFactor(tank.tank_wall_type));
  const single = walls.some((wall) => wall === 0) ? 1 : 0;
  const protection = facilityProtectionScore(tanks);
  const capacity = tanks.reduce((sum, tank) => sum + (tank.capacity_gallons ?? 0), 0);
  const substances = tanks.map((tank) => tank.substances ?? '').join(';');
  const latest = input.releases.reduce<string | null>(
    (max, release) => (release.reported_date !== null && (max === null || release.reported_date > max) ? release.reported_date : max),
    null,
  );
  return [
    oldest / 10,
    mean / 10,
    single,
    (single * oldest) / 10,
    walls.every((wall) => wall === null) ? 1 : 0,
    protection === null ? 0.5 : protection / 100,
    protection === null ? 1 : 0,
    Math.log1p(tanks.length),
    Math.log1p(capacity / 10_000),
    /gasol/i.test(substances) ? 1 : 0,
    /diesel/i.test(substances) ? 1 : 0,
    Math.log1p(input.releases.length),
    input.releases.some((release) => release.status_class === 'Open') ? 1 : 0,
    latest === null ? 0 : (yearsSince(latest, input.asOf) ?? 0) / 10,
  ];
}

/**
 * The fold of each facility: within each region facilities are ordered by a hash of their id
 * and dealt round the folds, so every fold holds about a fifth of each region and a facility's
 * rows are never split.
 */
export function assignFolds(histories: readonly FacilityHistory[], folds = FOLDS): Map<string, number> {
  const byRegion = new Map<string, string[]>();
  for (const history of histories) (byRegion.get(history.region) ?? byRegion.set(history.region, []).get(history.region)!).push(history.facilityId);
  const fold = new Map<string, number>();
  for (const ids of byRegion.values()) {
    ids.sort((a, b) => hash(a) - hash(b) || (a < b ? -1 : 1));
    ids.forEach((id, index) => fold.set(id, index % folds));
  }
  return fold;
}

export interface TrainingRow {
  facilityId: string;
  features: number[];
  outcome: boolean;
}

/**
 * One row per facility and as-of year, as the backtest scores them: a tank in service at T,
 * every release dated, and the region's data reaching T + 3 years.
 */
export function trainingRows(histories: readonly FacilityHistory[], asOfYears: readonly number[], dataEnd: ReadonlyMap<string, string>): TrainingRow[] {
  const rows: TrainingRow[] = [];
  for (const year of asOfYears) {
    const asOf = new Date(Date.UTC(year, 0, 1));
    const windowEnd = isoDay(yearsAfter(asOf, FITTED_HORIZON_YEARS));
    for (const history of histories) {
      const end = dataEnd.get(history.region);
      if (end === undefined || end < windowEnd) continue;
      const known = facilityAt(history, asOf);
      if (known.tanksInService === 0 || known.releasesUndated > 0) continue;
      rows.push({ facilityId: history.facilityId, features: featuresOf(known.input), outcome: releaseWithin(history, asOf, FITTED_HORIZON_YEARS) });
    }
  }
  return rows;
}

export interface CrossValidatedModel {
  /** Scores each facility with the model fitted on the folds it is not in. */
  outOfSample: ScoringModel;
  /** Fitted on every row: the coefficients risk-v2 would ship with (intercept first). */
  coefficients: number[];
  rows: number;
  events: number;
}

export function crossValidate(histories: readonly FacilityHistory[], asOfYears: readonly number[], dataEnd: ReadonlyMap<string, string>): CrossValidatedModel {
  const rows = trainingRows(histories, asOfYears, dataEnd);
  const foldOf = assignFolds(histories);
  const byFold = Array.from({ length: FOLDS }, (_, fold) => fitLogistic(rows.filter((row) => foldOf.get(row.facilityId) !== fold)).coefficients);
  const probability = (input: RiskInput, facilityId: string) => predict(byFold[foldOf.get(facilityId) ?? 0]!, featuresOf(input));
  return {
    outOfSample: { id: RISK_V2_ID, score: (input, facilityId) => scoreOfProbability(probability(input, facilityId)), probability },
    coefficients: fitLogistic(rows).coefficients,
    rows: rows.length,
    events: rows.filter((row) => row.outcome).length,
  };
}

/** FNV-1a: a fixed, well-spread order of facility ids. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return value;
}
