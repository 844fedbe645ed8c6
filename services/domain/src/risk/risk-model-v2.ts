/**
 * risk-v2: a logistic model of a release within 3 years, fitted on real facility-years by
 * `pnpm backtest` (pipelines/src/backtest/risk-v2.ts; docs/risk-model.md, 'Backtest'). The
 * features and the coefficients live here, so the model the backtest measures is the one the
 * platform can score with; a refit that changes a coefficient is a new version (a test compares
 * these with the backtest's card).
 */
import { facilityProtectionScore, wallTypeFactor } from '../protection-score.js';
import { yearsSince } from '../facility-summary.js';
import { riskBand } from './risk-bands.js';
import { tanksInTheGround } from './tanks-in-the-ground.js';
import type { RiskAssessment, RiskInput } from './risk-types.js';

export interface LogisticRiskModel {
  version: string;
  kind: 'logistic';
  /** The window whose release probability the model predicts. */
  horizonYears: number;
  intercept: number;
  /** In the order featureValues gives them. */
  features: ReadonlyArray<{ factor: string; label: string; coefficient: number }>;
  /** Probability at which the 1-10 score steps up: score = 1 + steps reached. */
  probabilitySteps: readonly number[];
}

export const RISK_MODEL_V2: LogisticRiskModel = {
  version: 'risk-v2',
  kind: 'logistic',
  horizonYears: 3,
  intercept: -3.4383,
  features: [
    { factor: 'oldest_tank_age_decades', label: 'oldest tank age / 10 years', coefficient: 0.0162 },
    { factor: 'mean_tank_age_decades', label: 'mean tank age / 10 years', coefficient: 0.2398 },
    { factor: 'any_single_walled', label: 'any single-walled tank', coefficient: 0.0808 },
    { factor: 'single_walled_by_oldest_age', label: 'single-walled × oldest age / 10', coefficient: -0.1566 },
    { factor: 'wall_type_unknown', label: 'wall type unknown for every tank', coefficient: 0.6164 },
    { factor: 'protection_score_share', label: 'protection score / 100 (unknown: 0.5)', coefficient: -0.2044 },
    { factor: 'protection_score_unknown', label: 'protection score unknown', coefficient: -0.8175 },
    { factor: 'log_tanks_in_service', label: 'ln(1 + tanks in service)', coefficient: 0.7268 },
    { factor: 'log_capacity', label: 'ln(1 + capacity / 10,000 gal)', coefficient: 0.1089 },
    { factor: 'gasoline', label: 'gasoline stored', coefficient: -0.1489 },
    { factor: 'diesel', label: 'diesel stored', coefficient: -0.5018 },
    { factor: 'log_prior_releases', label: 'ln(1 + releases reported before T)', coefficient: 0.584 },
    { factor: 'open_release', label: 'an open release at T', coefficient: -0.68 },
    { factor: 'years_since_latest_release_decades', label: 'years since the latest release / 10 (none: 0)', coefficient: -0.1153 },
  ],
  probabilitySteps: [0.02, 0.03, 0.04, 0.055, 0.07, 0.09, 0.12, 0.16, 0.22],
};

/** The features of a facility as its records say at `input.asOf`, in RISK_MODEL_V2's order. */
export function featureValues(input: RiskInput): number[] {
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

/** The predicted probability of a release within the model's window. */
export function releaseProbability(input: RiskInput, model: LogisticRiskModel = RISK_MODEL_V2): number {
  const values = featureValues(input);
  const logit = model.features.reduce((sum, feature, index) => sum + feature.coefficient * values[index]!, model.intercept);
  return 1 / (1 + Math.exp(-logit));
}

export const scoreOfProbability = (probability: number, model: LogisticRiskModel = RISK_MODEL_V2) =>
  1 + model.probabilitySteps.filter((step) => probability >= step).length;

/**
 * The assessment: the 1-10 score of the predicted probability, and each feature's contribution
 * to the log-odds as its points (positive raises the risk), so the breakdown explains the score
 * as risk-v1's points do.
 */
export function assessLogistic(input: RiskInput, model: LogisticRiskModel): RiskAssessment {
  const values = featureValues(input);
  const probability = releaseProbability(input, model);
  const score = scoreOfProbability(probability, model);
  return {
    score,
    band: riskBand(score),
    model_version: model.version,
    probability: Math.round(probability * 10_000) / 10_000,
    factors: model.features.map((feature, index) => ({
      factor: feature.factor,
      value: Math.round(values[index]! * 1_000) / 1_000,
      points: Math.round(feature.coefficient * values[index]! * 100) / 100,
    })),
  };
}
