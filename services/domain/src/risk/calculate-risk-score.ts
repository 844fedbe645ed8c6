/**
 * The 1-10 risk score of a facility with the factor breakdown behind it. Pure: the same input
 * gives the same assessment in the rebuild (facility_summary) and in the details dialog.
 * docs/risk-model.md is the reference; keep both in step.
 */
import { facilityProtectionScore, wallTypeFactor } from '../protection-score.js';
import { roundTo1, TANK_STATUS, yearsSince } from '../facility-summary.js';
import { assessLogistic } from './risk-model-v2.js';
import { DEFAULT_RISK_MODEL, type AnyRiskModel } from './risk-models.js';
import { tanksInTheGround } from './tanks-in-the-ground.js';
import { RISK_BANDS, riskBand } from './risk-bands.js';
import type { FlagFactor, RiskAssessment, RiskFactor, RiskInput, RiskModel, RiskTank, Step, SteppedFactor } from './risk-types.js';

export { RISK_BANDS, riskBand };

/** 1 plus the number of thresholds the points reach. */
export function scoreFromPoints(points: number, thresholds: readonly number[]): number {
  return 1 + thresholds.filter((threshold) => points >= threshold).length;
}

export function calculateRiskScore(input: RiskInput, model: AnyRiskModel = DEFAULT_RISK_MODEL): RiskAssessment {
  if ('kind' in model) return assessLogistic(input, model);
  const factors = [...tankFactors(input, model), ...releaseFactors(input, model), ...receptorFactors(input, model)];
  const points = factors.reduce((sum, factor) => sum + factor.points, 0);
  const score = scoreFromPoints(points, model.scoreThresholds);
  return { score, band: riskBand(score), model_version: model.version, factors };
}

const onSteps = (steps: readonly Step[], value: number) => steps.reduce((points, step) => (value >= step.from ? step.points : points), steps[0]?.points ?? 0);
const stepped = (factor: string, value: number | null, scale: SteppedFactor): RiskFactor => ({
  factor,
  value,
  points: value === null ? scale.unknown : onSteps(scale.steps, value),
});
const flag = (factor: string, value: boolean | null, scale: FlagFactor): RiskFactor => ({
  factor,
  value,
  points: value === null ? scale.unknown : value ? scale.yes : scale.no,
});

export { tanksInTheGround };

/**
 * A facility without a single tank record (Illinois exports facilities only) has unknown tanks,
 * not none: every tank factor scores as unknown.
 */
const tanksUnknown = (tanks: readonly RiskTank[]) => tanks.length === 0;

function tankFactors({ tanks, asOf }: RiskInput, model: RiskModel): RiskFactor[] {
  const scale = model.tanks;
  const count = (status: string) => (tanksUnknown(tanks) ? null : tanks.filter((tank) => tank.tank_status === status).length);
  const factors: RiskFactor[] = [
    stepped('active_tank_count', count(TANK_STATUS.active), scale.activeTankCount),
    stepped('temporarily_out_of_service_tanks', count(TANK_STATUS.temporarilyOutOfService), scale.temporarilyOutOfService),
  ];
  // A site whose tanks are all closed holds no product: its equipment does not score.
  const inGround = tanksInTheGround(tanks);
  if (inGround.length === 0 && !tanksUnknown(tanks)) return factors;

  // Sorted so the mean does not depend on the order the tanks were read in.
  const ages = inGround
    .map((tank) => yearsSince(tank.installation_date, asOf))
    .filter((age): age is number => age !== null)
    .sort((a, b) => a - b);
  const oldest = ages.length ? roundTo1(ages[ages.length - 1]!) : null;
  const average = ages.length ? roundTo1(ages.reduce((sum, age) => sum + age, 0) / ages.length) : null;
  const walls = inGround.map((tank) => wallTypeFactor(tank.tank_wall_type)).filter((wall) => wall !== null);
  const single = walls.filter((wall) => wall === 0).length;
  const singleScale = scale.singleWalled;
  const capacities = inGround.map((tank) => tank.capacity_gallons).filter((capacity): capacity is number => capacity !== null);
  const capacity = capacities.length ? Math.round(capacities.reduce((sum, gallons) => sum + gallons, 0)) : null;
  const substance = riskiestSubstance(inGround, model);
  factors.push(
    stepped('oldest_tank_age', oldest, scale.oldestTankAge),
    stepped('average_tank_age', average, scale.averageTankAge),
    stepped('protection_score', facilityProtectionScore(inGround), scale.protectionScore),
    {
      factor: 'single_walled_tanks',
      value: walls.length ? `${single} of ${walls.length}` : null,
      points: walls.length === 0 ? singleScale.unknown : single === 0 ? singleScale.none : single === walls.length ? singleScale.all : singleScale.some,
    },
    { factor: 'substance', value: substance?.name ?? null, points: substance?.points ?? scale.substance.unknown },
    stepped('capacity_gallons', capacity, scale.capacityGallons),
  );
  return factors;
}

/** The substance that scores most; ties go to the alphabetically first, so tank order never matters. */
function riskiestSubstance(tanks: readonly RiskTank[], model: RiskModel): { name: string; points: number } | null {
  let riskiest: { name: string; points: number } | null = null;
  for (const tank of tanks) {
    for (const part of (tank.substances ?? '').split(';')) {
      const name = part.trim();
      if (!name) continue;
      const points = model.tanks.substance.classes.find((substanceClass) => substanceClass.pattern.test(name))?.points ?? model.tanks.substance.other;
      if (!riskiest || points > riskiest.points || (points === riskiest.points && name < riskiest.name)) riskiest = { name, points };
    }
  }
  return riskiest;
}

function releaseFactors({ releases, asOf }: RiskInput, model: RiskModel): RiskFactor[] {
  const scale = model.releases;
  const open = releases.filter((release) => release.status_class === 'Open').length;
  const factors: RiskFactor[] = [
    { factor: 'release_count', value: releases.length, points: onSteps(scale.count.steps, releases.length) },
    { factor: 'open_releases', value: open, points: onSteps(scale.open.steps, open) },
  ];
  if (releases.length === 0) return factors;

  const latest = releases.reduce<string | null>(
    (max, release) => (release.reported_date !== null && (max === null || release.reported_date > max) ? release.reported_date : max),
    null,
  );
  const years = yearsSince(latest, asOf);
  factors.push(stepped('years_since_latest_release', years === null ? null : roundTo1(years), scale.yearsSinceLatest));
  const closed = releases.filter((release) => release.status_class === 'No Further Action');
  if (closed.length > 0) {
    const residual = closed.some((release) => release.closed_with_residual_contamination === true)
      ? true
      : closed.every((release) => release.closed_with_residual_contamination === false)
        ? false
        : null;
    factors.push(flag('closed_with_residual_contamination', residual, scale.residualContamination));
  }
  return factors;
}

function receptorFactors({ tanks, releases, receptors }: RiskInput, model: RiskModel): RiskFactor[] {
  const scale = model.receptors;
  const factors = [
    stepped('population_1500ft', receptors.population_1500ft, scale.population),
    stepped('private_wells_1500ft', receptors.private_wells_1500ft, scale.privateWells),
    flag('within_spa', receptors.within_spa, scale.sourceWaterProtectionArea),
    flag('within_whpa', receptors.within_whpa, scale.wellheadProtectionArea),
    flag('within_100yr_floodplain', receptors.within_100yr_floodplain, scale.floodplain),
  ];
  const hasSource = releases.length > 0 || tanksUnknown(tanks) || tanksInTheGround(tanks).length > 0;
  return scale.needSource && !hasSource ? factors.map((factor) => ({ ...factor, points: 0 })) : factors;
}
