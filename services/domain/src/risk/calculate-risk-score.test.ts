/**
 * The worked examples of docs/risk-model.md: same inputs, same factor points, same scores.
 * Ages are as of 2025-01-01 in years of 365.2425 days.
 */
import { describe, expect, it } from 'vitest';
import { calculateRiskScore, riskBand, scoreFromPoints } from './calculate-risk-score.js';
import { RISK_MODEL_V1 } from './risk-model-v1.js';
import type { RiskAssessment, RiskInput, RiskReceptors, RiskTank, SteppedFactor } from './risk-types.js';

const asOf = new Date('2025-01-01T00:00:00.000Z');
const unknownReceptors: RiskReceptors = {
  population_1500ft: null,
  private_wells_1500ft: null,
  within_spa: null,
  within_whpa: null,
  within_100yr_floodplain: null,
};
const unknownTank: RiskTank = {
  tank_status: 'Currently in use',
  installation_date: null,
  capacity_gallons: null,
  substances: null,
  tank_wall_type: null,
  corrosion_protection: null,
  secondary_containment: null,
  leak_detection: null,
};
const doubleWalled = {
  tank_wall_type: 'Double wall',
  leak_detection: 'Interstitial monitoring',
  corrosion_protection: 'Non-corrodible material',
  secondary_containment: true,
};
const gasoline = 'Gasoline (containing <=10% ethanol)';

/** The breakdown as [factor, value, points] rows, the way the document prints it. */
const rows = (assessment: RiskAssessment) => assessment.factors.map(({ factor, value, points }) => [factor, value, points]);
const total = (assessment: RiskAssessment) => assessment.factors.reduce((sum, factor) => sum + factor.points, 0);
/** The worked examples are risk-v1's, whatever the platform's default. */
const scoreWithV1 = (input: RiskInput) => calculateRiskScore(input, RISK_MODEL_V1);

describe('calculateRiskScore with risk-v1: the worked examples of docs/risk-model.md', () => {
  it('1. low: a new double-walled station with no release and nothing nearby scores 1', () => {
    const input: RiskInput = {
      tanks: [
        { ...unknownTank, ...doubleWalled, installation_date: '2019-06-01', capacity_gallons: 10_000, substances: gasoline },
        { ...unknownTank, ...doubleWalled, installation_date: '2019-06-01', capacity_gallons: 10_000, substances: 'Diesel' },
      ],
      releases: [],
      receptors: { population_1500ft: 120, private_wells_1500ft: 0, within_spa: false, within_whpa: false, within_100yr_floodplain: false },
      asOf,
    };
    const assessment = scoreWithV1(input);
    expect(rows(assessment)).toEqual([
      ['active_tank_count', 2, 0],
      ['temporarily_out_of_service_tanks', 0, 0],
      ['oldest_tank_age', 5.6, 0],
      ['average_tank_age', 5.6, 0],
      ['protection_score', 100, 0],
      ['single_walled_tanks', '0 of 2', 0],
      ['substance', gasoline, 1],
      ['capacity_gallons', 20_000, 1],
      ['release_count', 0, 0],
      ['open_releases', 0, 0],
      ['population_1500ft', 120, 0],
      ['private_wells_1500ft', 0, 0],
      ['within_spa', false, 0],
      ['within_whpa', false, 0],
      ['within_100yr_floodplain', false, 0],
    ]);
    expect(total(assessment)).toBe(2);
    expect(assessment).toMatchObject({ score: 1, band: 'low', model_version: 'risk-v1' });
  });

  it('2. moderate: an ageing mixed station with an old closed release scores 5', () => {
    const input: RiskInput = {
      tanks: [
        {
          ...unknownTank,
          installation_date: '1996-04-01',
          capacity_gallons: 8_000,
          substances: gasoline,
          tank_wall_type: 'Single wall',
          leak_detection: 'Automatic tank gauging',
          corrosion_protection: 'Cathodic protection',
          secondary_containment: false,
        },
        { ...unknownTank, ...doubleWalled, installation_date: '2004-09-15', capacity_gallons: 6_000, substances: 'Diesel' },
        { ...unknownTank, ...doubleWalled, installation_date: '2004-09-15', capacity_gallons: 4_000, substances: 'Diesel' },
      ],
      releases: [{ status_class: 'No Further Action', reported_date: '2003-05-20', closed_with_residual_contamination: false }],
      receptors: { population_1500ft: 900, private_wells_1500ft: 0, within_spa: true, within_whpa: false, within_100yr_floodplain: false },
      asOf,
    };
    const assessment = scoreWithV1(input);
    expect(rows(assessment)).toEqual([
      ['active_tank_count', 3, 0],
      ['temporarily_out_of_service_tanks', 0, 0],
      ['oldest_tank_age', 28.8, 2],
      ['average_tank_age', 23.1, 1],
      ['protection_score', 83, 1],
      ['single_walled_tanks', '1 of 3', 1],
      ['substance', gasoline, 1],
      ['capacity_gallons', 18_000, 1],
      ['release_count', 1, 1],
      ['open_releases', 0, 0],
      ['years_since_latest_release', 21.6, 0],
      ['closed_with_residual_contamination', false, 0],
      ['population_1500ft', 900, 1],
      ['private_wells_1500ft', 0, 0],
      ['within_spa', true, 1],
      ['within_whpa', false, 0],
      ['within_100yr_floodplain', false, 0],
    ]);
    expect(total(assessment)).toBe(10);
    expect(assessment).toMatchObject({ score: 5, band: 'moderate' });
  });

  it('3. high: old bare single-walled tanks with an open release near private wells score 9', () => {
    const tank: RiskTank = {
      ...unknownTank,
      installation_date: '1979-03-01',
      capacity_gallons: 4_000,
      substances: gasoline,
      tank_wall_type: 'Single wall',
      leak_detection: 'Automatic tank gauging',
      corrosion_protection: 'None',
      secondary_containment: false,
    };
    const input: RiskInput = {
      tanks: [tank, tank],
      releases: [{ status_class: 'Open', reported_date: '2022-08-10', closed_with_residual_contamination: null }],
      receptors: { population_1500ft: 1_800, private_wells_1500ft: 6, within_spa: false, within_whpa: false, within_100yr_floodplain: false },
      asOf,
    };
    const assessment = scoreWithV1(input);
    expect(rows(assessment)).toEqual([
      ['active_tank_count', 2, 0],
      ['temporarily_out_of_service_tanks', 0, 0],
      ['oldest_tank_age', 45.8, 4],
      ['average_tank_age', 45.8, 2],
      ['protection_score', 30, 3],
      ['single_walled_tanks', '2 of 2', 2],
      ['substance', gasoline, 1],
      ['capacity_gallons', 8_000, 0],
      ['release_count', 1, 1],
      ['open_releases', 1, 4],
      ['years_since_latest_release', 2.4, 2],
      ['population_1500ft', 1_800, 1],
      ['private_wells_1500ft', 6, 2],
      ['within_spa', false, 0],
      ['within_whpa', false, 0],
      ['within_100yr_floodplain', false, 0],
    ]);
    expect(total(assessment)).toBe(22);
    expect(assessment).toMatchObject({ score: 9, band: 'high' });
  });

  it('4. missing data: two tanks in use and nothing else known score 5, every unknown shown as null', () => {
    const assessment = scoreWithV1({ tanks: [unknownTank, unknownTank], releases: [], receptors: unknownReceptors, asOf });
    expect(rows(assessment)).toEqual([
      ['active_tank_count', 2, 0],
      ['temporarily_out_of_service_tanks', 0, 0],
      ['oldest_tank_age', null, 2],
      ['average_tank_age', null, 1],
      ['protection_score', null, 1],
      ['single_walled_tanks', null, 1],
      ['substance', null, 1],
      ['capacity_gallons', null, 1],
      ['release_count', 0, 0],
      ['open_releases', 0, 0],
      ['population_1500ft', null, 1],
      ['private_wells_1500ft', null, 1],
      ['within_spa', null, 0],
      ['within_whpa', null, 1],
      ['within_100yr_floodplain', null, 0],
    ]);
    expect(total(assessment)).toBe(10);
    expect(assessment).toMatchObject({ score: 5, band: 'moderate' });
  });

  const closedSite: RiskInput = {
    tanks: [{ ...unknownTank, tank_status: 'Closed', installation_date: '1970-01-01', tank_wall_type: 'Single wall', substances: 'Gasoline' }],
    releases: [{ status_class: 'No Further Action', reported_date: '1991-07-01', closed_with_residual_contamination: null }],
    receptors: { population_1500ft: 3_000, private_wells_1500ft: 0, within_spa: true, within_whpa: false, within_100yr_floodplain: true },
    asOf,
  };

  it('5. a closed site is judged on its releases and receptors, not on its removed tanks: 3', () => {
    const assessment = scoreWithV1(closedSite);
    expect(rows(assessment)).toEqual([
      ['active_tank_count', 0, 0],
      ['temporarily_out_of_service_tanks', 0, 0],
      ['release_count', 1, 1],
      ['open_releases', 0, 0],
      ['years_since_latest_release', 33.5, 0],
      ['closed_with_residual_contamination', null, 1],
      ['population_1500ft', 3_000, 2],
      ['private_wells_1500ft', 0, 0],
      ['within_spa', true, 1],
      ['within_whpa', false, 0],
      ['within_100yr_floodplain', true, 1],
    ]);
    expect(total(assessment)).toBe(6);
    expect(assessment).toMatchObject({ score: 3, band: 'low' });
  });

  it('6. the same closed site without a release has nothing that could reach its receptors: 1', () => {
    const assessment = scoreWithV1({ ...closedSite, releases: [] });
    expect(assessment.factors.filter((factor) => factor.points !== 0)).toEqual([]);
    expect(assessment.factors.find((factor) => factor.factor === 'population_1500ft')).toEqual({ factor: 'population_1500ft', value: 3_000, points: 0 });
    expect(assessment).toMatchObject({ score: 1, band: 'low' });
  });
});

describe('calculateRiskScore with risk-v1: rules beside the examples', () => {
  it('scores temporarily-out-of-service tanks, and judges a site with only those on them', () => {
    const assessment = scoreWithV1({
      tanks: [{ ...unknownTank, tank_status: 'Temporarily out of service', installation_date: '1985-01-01', tank_wall_type: 'Single wall' }],
      releases: [],
      receptors: unknownReceptors,
      asOf,
    });
    expect(rows(assessment).slice(0, 4)).toEqual([
      ['active_tank_count', 0, 0],
      ['temporarily_out_of_service_tanks', 1, 1],
      ['oldest_tank_age', 40, 4],
      ['average_tank_age', 40, 2],
    ]);
  });

  it('scores a facility without any tank record as unknown tanks, not as a closed site', () => {
    const assessment = scoreWithV1({ tanks: [], releases: [], receptors: unknownReceptors, asOf });
    expect(rows(assessment)).toEqual([
      ['active_tank_count', null, 0],
      ['temporarily_out_of_service_tanks', null, 0],
      ['oldest_tank_age', null, 2],
      ['average_tank_age', null, 1],
      ['protection_score', null, 1],
      ['single_walled_tanks', null, 1],
      ['substance', null, 1],
      ['capacity_gallons', null, 1],
      ['release_count', 0, 0],
      ['open_releases', 0, 0],
      ['population_1500ft', null, 1],
      ['private_wells_1500ft', null, 1],
      ['within_spa', null, 0],
      ['within_whpa', null, 1],
      ['within_100yr_floodplain', null, 0],
    ]);
    expect(assessment).toMatchObject({ score: 5, band: 'moderate' });
  });

  it('takes the substance that scores most, the same whatever the order of the tanks', () => {
    const tanks: RiskTank[] = [
      { ...unknownTank, substances: 'Diesel; Used Oil' },
      { ...unknownTank, substances: 'Hazardous Substance' },
      { ...unknownTank, substances: 'Kerosene; Av Gas' },
    ];
    const substance = (list: RiskTank[]) =>
      scoreWithV1({ tanks: list, releases: [], receptors: unknownReceptors, asOf }).factors.find((factor) => factor.factor === 'substance');
    expect(substance(tanks)).toEqual({ factor: 'substance', value: 'Hazardous Substance', points: 2 });
    expect(substance([tanks[2]!, tanks[0]!])).toEqual({ factor: 'substance', value: 'Av Gas', points: 1 });
    expect(substance([tanks[0]!, tanks[2]!])).toEqual({ factor: 'substance', value: 'Av Gas', points: 1 });
    expect(substance([{ ...unknownTank, substances: 'Unknown Petroleum' }])).toEqual({ factor: 'substance', value: 'Unknown Petroleum', points: 1 });
    expect(substance([{ ...unknownTank, substances: 'Heating Oil; Diesel' }])).toEqual({ factor: 'substance', value: 'Diesel', points: 0 });
  });

  it('reads residual contamination as yes if any closed release had it, no only if none could have', () => {
    const residual = (...values: Array<boolean | null>) =>
      scoreWithV1({
        tanks: [],
        releases: values.map((value) => ({ status_class: 'No Further Action' as const, reported_date: null, closed_with_residual_contamination: value })),
        receptors: unknownReceptors,
        asOf,
      }).factors.find((factor) => factor.factor === 'closed_with_residual_contamination');
    expect(residual(false, true, null)).toEqual({ factor: 'closed_with_residual_contamination', value: true, points: 2 });
    expect(residual(false, false)).toEqual({ factor: 'closed_with_residual_contamination', value: false, points: 0 });
    expect(residual(false, null)).toEqual({ factor: 'closed_with_residual_contamination', value: null, points: 1 });
  });

  it('maps points to 1-10 on the model thresholds and scores to the spec bands', () => {
    const thresholds = RISK_MODEL_V1.scoreThresholds;
    expect([0, 2, 3, 6, 7, 12, 13, 18, 19, 22, 23, 40].map((points) => scoreFromPoints(points, thresholds))).toEqual([1, 1, 2, 3, 4, 6, 7, 8, 9, 9, 10, 10]);
    expect([1, 3, 4, 6, 7, 10].map(riskBand)).toEqual(['low', 'low', 'moderate', 'moderate', 'high', 'high']);
  });

  it('keeps the v1 model consistent: nine ascending thresholds, ascending steps, unknown = half the maximum rounded down', () => {
    expect(RISK_MODEL_V1.scoreThresholds).toHaveLength(9);
    expect([...RISK_MODEL_V1.scoreThresholds].sort((a, b) => a - b)).toEqual(RISK_MODEL_V1.scoreThresholds);
    const { tanks, releases, receptors } = RISK_MODEL_V1;
    const stepped: SteppedFactor[] = [
      tanks.activeTankCount,
      tanks.temporarilyOutOfService,
      tanks.oldestTankAge,
      tanks.averageTankAge,
      tanks.protectionScore,
      tanks.capacityGallons,
      releases.yearsSinceLatest,
      receptors.population,
      receptors.privateWells,
    ];
    for (const factor of stepped) {
      expect(factor.steps.map((step) => step.from)).toEqual([...factor.steps.map((step) => step.from)].sort((a, b) => a - b));
      expect(factor.unknown).toBe(Math.floor(Math.max(...factor.steps.map((step) => step.points)) / 2));
    }
    for (const flag of [releases.residualContamination, receptors.sourceWaterProtectionArea, receptors.wellheadProtectionArea, receptors.floodplain])
      expect(flag.unknown).toBe(Math.floor(flag.yes / 2));
    expect(tanks.singleWalled.unknown).toBe(Math.floor(tanks.singleWalled.all / 2));
    expect(tanks.substance.unknown).toBe(Math.floor(Math.max(...tanks.substance.classes.map((entry) => entry.points)) / 2));
  });
});
