/**
 * risk-v2, fitted: a logistic model of a release within 3 years on what a facility's records say
 * at T (docs/risk-model.md, 'Backtest'), fitted on real records only. Its figures in the backtest
 * are out of sample: facilities are split into folds, every as-of row of a facility in the same
 * fold and each region spread over all folds, and each fold is scored by the model fitted on the
 * others.
 */
import { featureValues, RISK_MODEL_V2, scoreOfProbability, type RiskInput } from '@ust/domain';
import { facilityAt, isoDay, releaseWithin, yearsAfter } from './as-of.js';
import type { FacilityHistory } from './facility-histories.js';
import { fitLogistic, predict } from './logistic.js';
import type { ScoringModel } from './run-backtest.js';

export const FOLDS = 5;

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
    const windowEnd = isoDay(yearsAfter(asOf, RISK_MODEL_V2.horizonYears));
    for (const history of histories) {
      const end = dataEnd.get(history.region);
      if (end === undefined || end < windowEnd) continue;
      const known = facilityAt(history, asOf);
      if (known.tanksInService === 0 || known.releasesUndated > 0) continue;
      rows.push({ facilityId: history.facilityId, features: featureValues(known.input), outcome: releaseWithin(history, asOf, RISK_MODEL_V2.horizonYears) });
    }
  }
  return rows;
}

export interface CrossValidatedModel {
  /** Scores each facility with the model fitted on the folds it is not in. */
  outOfSample: ScoringModel;
  /** Fitted on every row: the coefficients risk-v2 would ship with (intercept first). */
  coefficients: number[];
  /** Each input's mean over every row (no intercept): what risk-v2 assumes of a site without tank records. */
  inputMeans: number[];
  rows: number;
  events: number;
}

export function crossValidate(histories: readonly FacilityHistory[], asOfYears: readonly number[], dataEnd: ReadonlyMap<string, string>): CrossValidatedModel {
  const rows = trainingRows(histories, asOfYears, dataEnd);
  const foldOf = assignFolds(histories);
  const byFold = Array.from({ length: FOLDS }, (_, fold) => fitLogistic(rows.filter((row) => foldOf.get(row.facilityId) !== fold)).coefficients);
  const probability = (input: RiskInput, facilityId: string) => predict(byFold[foldOf.get(facilityId) ?? 0]!, featureValues(input));
  return {
    outOfSample: { id: RISK_MODEL_V2.version, score: (input, facilityId) => scoreOfProbability(probability(input, facilityId)), probability },
    coefficients: fitLogistic(rows).coefficients,
    inputMeans: RISK_MODEL_V2.features.map((_, index) => rows.reduce((sum, row) => sum + row.features[index]!, 0) / rows.length),
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
