/**
 * risk-v2: a logistic model of a release within 3 years, fitted on real facility-years by
 * `pnpm backtest` (pipelines/src/backtest/risk-v2.ts; docs/risk-model.md, 'Backtest'). The
 * features and the coefficients live here, so the model the backtest measures is the one the
 * platform can score with; a refit that changes a coefficient is a new version (a test compares
 * these with the backtest's card).
 */
import { facilityProtectionScore, wallTypeFactor } from '../protection-score.js';
import { roundTo1, yearsSince } from '../facility-summary.js';
import { riskBand } from './risk-bands.js';
import { tanksInTheGround } from './tanks-in-the-ground.js';
import type { RiskAssessment, RiskInput } from './risk-types.js';

export interface LogisticRiskModel {
  version: string;
  kind: 'logistic';
  /** The window whose release probability the model predicts. */
  horizonYears: number;
  intercept: number;
  /**
   * In the order featureValues gives them. `from` says which records an input comes from; `mean`
   * is its mean over the facility-years fitted on, what the model assumes of a site whose records
   * say nothing (a facility without a single tank record scores as the average fitted site's
   * tanks, with its own releases).
   */
  features: ReadonlyArray<{ factor: string; label: string; from: 'tanks' | 'releases'; coefficient: number; mean: number }>;
  /** Probability at which the 1-10 score steps up: score = 1 + steps reached. */
  probabilitySteps: readonly number[];
}

export const RISK_MODEL_V2: LogisticRiskModel = {
  version: 'risk-v2',
  kind: 'logistic',
  horizonYears: 3,
  intercept: -3.4383,
  // `factor` names the quantity an assessment shows (in its own units); `label` the model's input, as the card lists it.
  // Coefficients and means as `pnpm backtest` fitted them (a test holds them to its card).
  features: [
    { factor: 'oldest_tank_age', label: 'oldest tank age / 10 years', from: 'tanks', coefficient: 0.0162, mean: 1.6753 },
    { factor: 'average_tank_age', label: 'mean tank age / 10 years', from: 'tanks', coefficient: 0.2398, mean: 1.6264 },
    { factor: 'any_single_walled', label: 'any single-walled tank', from: 'tanks', coefficient: 0.0808, mean: 0.0469 },
    { factor: 'single_walled_oldest_age', label: 'single-walled × oldest age / 10', from: 'tanks', coefficient: -0.1566, mean: 0.1268 },
    { factor: 'wall_type_unknown', label: 'wall type unknown for every tank', from: 'tanks', coefficient: 0.6164, mean: 0.7759 },
    { factor: 'protection_score', label: 'protection score / 100 (unknown: 0.5)', from: 'tanks', coefficient: -0.2044, mean: 0.6262 },
    { factor: 'protection_score_unknown', label: 'protection score unknown', from: 'tanks', coefficient: -0.8175, mean: 0.6991 },
    { factor: 'tanks_in_the_ground', label: 'ln(1 + tanks in service)', from: 'tanks', coefficient: 0.7268, mean: 1.2804 },
    { factor: 'capacity_gallons', label: 'ln(1 + capacity / 10,000 gal)', from: 'tanks', coefficient: 0.1089, mean: 1.1402 },
    { factor: 'gasoline', label: 'gasoline stored', from: 'tanks', coefficient: -0.1489, mean: 0.8594 },
    { factor: 'diesel', label: 'diesel stored', from: 'tanks', coefficient: -0.5018, mean: 0.6601 },
    { factor: 'release_count', label: 'ln(1 + releases reported before T)', from: 'releases', coefficient: 0.584, mean: 0.3579 },
    { factor: 'open_release', label: 'an open release at T', from: 'releases', coefficient: -0.68, mean: 0.1953 },
    { factor: 'years_since_latest_release', label: 'years since the latest release / 10 (none: 0)', from: 'releases', coefficient: -0.1153, mean: 0.4263 },
  ],
  probabilitySteps: [0.02, 0.03, 0.04, 0.055, 0.07, 0.09, 0.12, 0.16, 0.22],
};

/** What the records say of a facility at `input.asOf`, in the units a reader knows; null: unknown. */
interface FacilityFacts {
  /** No tank record at all (Illinois exports facilities only): its tanks are unknown, not none. */
  tanksUnknown: boolean;
  oldestAge: number | null;
  meanAge: number | null;
  anySingleWalled: boolean;
  wallTypeUnknown: boolean;
  protectionScore: number | null;
  tanksInTheGround: number;
  capacityGallons: number;
  gasoline: boolean;
  diesel: boolean;
  releases: number;
  openRelease: boolean;
  yearsSinceLatestRelease: number | null;
}

function facilityFacts(input: RiskInput): FacilityFacts {
  const tanks = tanksInTheGround(input.tanks);
  const ages = tanks.map((tank) => yearsSince(tank.installation_date, input.asOf)).filter((age): age is number => age !== null);
  const walls = tanks.map((tank) => wallTypeFactor(tank.tank_wall_type));
  const substances = tanks.map((tank) => tank.substances ?? '').join(';');
  const latest = input.releases.reduce<string | null>(
    (max, release) => (release.reported_date !== null && (max === null || release.reported_date > max) ? release.reported_date : max),
    null,
  );
  return {
    tanksUnknown: input.tanks.length === 0,
    oldestAge: ages.length ? Math.max(...ages) : null,
    meanAge: ages.length ? ages.reduce((sum, age) => sum + age, 0) / ages.length : null,
    anySingleWalled: walls.some((wall) => wall === 0),
    wallTypeUnknown: walls.every((wall) => wall === null),
    protectionScore: facilityProtectionScore(tanks),
    tanksInTheGround: tanks.length,
    capacityGallons: tanks.reduce((sum, tank) => sum + (tank.capacity_gallons ?? 0), 0),
    gasoline: /gasol/i.test(substances),
    diesel: /diesel/i.test(substances),
    releases: input.releases.length,
    openRelease: input.releases.some((release) => release.status_class === 'Open'),
    yearsSinceLatestRelease: latest === null ? null : yearsSince(latest, input.asOf),
  };
}

const flag = (value: boolean) => (value ? 1 : 0);

/**
 * The model's inputs, in RISK_MODEL_V2's order. Unknown ages count as 0, as in the fit; a site
 * without a tank record takes the fitted sites' mean for every tank input.
 */
function modelInputs(facts: FacilityFacts, model: LogisticRiskModel = RISK_MODEL_V2): number[] {
  const oldest = facts.oldestAge ?? 0;
  const inputs = [
    oldest / 10,
    (facts.meanAge ?? 0) / 10,
    flag(facts.anySingleWalled),
    (flag(facts.anySingleWalled) * oldest) / 10,
    flag(facts.wallTypeUnknown),
    facts.protectionScore === null ? 0.5 : facts.protectionScore / 100,
    flag(facts.protectionScore === null),
    Math.log1p(facts.tanksInTheGround),
    Math.log1p(facts.capacityGallons / 10_000),
    flag(facts.gasoline),
    flag(facts.diesel),
    Math.log1p(facts.releases),
    flag(facts.openRelease),
    (facts.yearsSinceLatestRelease ?? 0) / 10,
  ];
  return facts.tanksUnknown ? inputs.map((input, index) => (model.features[index]!.from === 'tanks' ? model.features[index]!.mean : input)) : inputs;
}

/** What an assessment shows of each input, in RISK_MODEL_V2's order: years, counts, gallons, yes/no. */
function shownValues(facts: FacilityFacts, model: LogisticRiskModel): Array<number | boolean | null> {
  const years = (value: number | null) => (value === null ? null : roundTo1(value));
  const shown = [
    years(facts.oldestAge),
    years(facts.meanAge),
    facts.anySingleWalled,
    facts.anySingleWalled ? years(facts.oldestAge) : 0,
    facts.wallTypeUnknown,
    facts.protectionScore,
    facts.protectionScore === null,
    facts.tanksInTheGround,
    Math.round(facts.capacityGallons),
    facts.gasoline,
    facts.diesel,
    facts.releases,
    facts.openRelease,
    years(facts.yearsSinceLatestRelease),
  ];
  return facts.tanksUnknown ? shown.map((value, index) => (model.features[index]!.from === 'tanks' ? null : value)) : shown;
}

/** The features of a facility as its records say at `input.asOf`, in RISK_MODEL_V2's order. */
export const featureValues = (input: RiskInput, model: LogisticRiskModel = RISK_MODEL_V2): number[] => modelInputs(facilityFacts(input), model);

const probabilityOfInputs = (inputs: readonly number[], model: LogisticRiskModel) =>
  1 / (1 + Math.exp(-model.features.reduce((sum, feature, index) => sum + feature.coefficient * inputs[index]!, model.intercept)));

/** The predicted probability of a release within the model's window. */
export function releaseProbability(input: RiskInput, model: LogisticRiskModel = RISK_MODEL_V2): number {
  return probabilityOfInputs(featureValues(input, model), model);
}

export const scoreOfProbability = (probability: number, model: LogisticRiskModel = RISK_MODEL_V2) =>
  1 + model.probabilitySteps.filter((step) => probability >= step).length;

/**
 * The assessment: the 1-10 score of the predicted probability, and for each input the value a
 * reader knows (years, tanks, gallons, yes/no) with its contribution to the log-odds as its
 * points (positive raises the risk); the points and the intercept add up to the log-odds.
 */
export function assessLogistic(input: RiskInput, model: LogisticRiskModel): RiskAssessment {
  const facts = facilityFacts(input);
  const inputs = modelInputs(facts, model);
  const shown = shownValues(facts, model);
  const probability = probabilityOfInputs(inputs, model);
  const score = scoreOfProbability(probability, model);
  return {
    score,
    band: riskBand(score),
    model_version: model.version,
    probability: Math.round(probability * 10_000) / 10_000,
    horizon_years: model.horizonYears,
    factors: model.features.map((feature, index) => ({
      factor: feature.factor,
      value: shown[index]!,
      // `|| 0`: a negative coefficient times 0 is -0.
      points: Math.round(feature.coefficient * inputs[index]! * 100) / 100 || 0,
    })),
  };
}
