/**
 * The backtest's own guarantees, on histories built to know the answer: nothing after T reaches
 * a score at T, a feature that decides the outcome scores an AUC of 1 and noise about 0.5, a
 * window the data do not reach is left out, and the first-release view leaves out facilities
 * with a release before T.
 */
import { describe, expect, it } from 'vitest';
import { calculateRiskScore, RISK_MODEL_V1, RISK_MODEL_V2, TANK_STATUS, type RiskInput } from '@ust/domain';
import type { ReleaseRecord, TankRecord } from '@ust/schemas';
import { facilityRecord, releaseRecord, tankRecord } from '@ust/schemas/testing';
import { facilityAt, inServiceAt, releaseWithin } from './as-of.js';
import { collectHistories, type FacilityHistory } from './facility-histories.js';
import { runBacktest, type ScoringModel } from './run-backtest.js';

const T = new Date(Date.UTC(2010, 0, 1));
const v1: ScoringModel = { id: 'risk-v1', score: (input) => calculateRiskScore(input, RISK_MODEL_V1).score };

function history(id: string, tanks: Array<Partial<TankRecord>>, releases: Array<Partial<ReleaseRecord>> = [], state = 'UT'): FacilityHistory {
  const [built] = collectHistories([
    [
      { kind: 'facility', record: facilityRecord({ facility_id: id, state }) },
      ...tanks.map((tank, index) => ({ kind: 'tank' as const, record: tankRecord({ tank_id: `${id}/T${index}`, facility_id: id, state, ...tank }) })),
      ...releases.map((release, index) => ({
        kind: 'release' as const,
        record: releaseRecord({ release_id: `${id}/R${index}`, facility_id: id, state, status_class: 'No Further Action', ...release }),
      })),
    ],
  ]);
  return built!;
}

const oldTank = { installation_date: '1985-06-01', tank_status: TANK_STATUS.active, tank_wall_type: 'Single wall', substances: 'Gasoline' };

describe('a facility as known at T', () => {
  it('no release reported after T changes its score at T; the same release moved before T does', () => {
    const base = history('UT-1', [oldTank]);
    const after = history('UT-1', [oldTank], [{ reported_date: '2010-01-02', nfa_date: null, status_class: 'Open' }]);
    const before = history('UT-1', [oldTank], [{ reported_date: '2009-12-31', nfa_date: null, status_class: 'Open' }]);
    for (const model of [RISK_MODEL_V1, RISK_MODEL_V2]) {
      const score = (facility: FacilityHistory) => calculateRiskScore(facilityAt(facility, T).input, model);
      expect(score(after)).toEqual(score(base));
      expect(score(before).factors.find((factor) => factor.factor === 'release_count')?.value).toBe(1);
      expect(score(before)).not.toEqual(score(base));
    }
    expect(calculateRiskScore(facilityAt(before, T).input, RISK_MODEL_V1).score).toBeGreaterThan(
      calculateRiskScore(facilityAt(base, T).input, RISK_MODEL_V1).score,
    );
    expect(releaseWithin(after, T, 1)).toBe(true);
    expect(facilityAt(before, T).priorReleases).toBe(1);
    expect(releaseWithin(before, T, 5)).toBe(false);
  });

  it('sees a release closed after T as open at T, and tanks by their dates', () => {
    const known = facilityAt(
      history(
        'UT-2',
        [
          oldTank,
          { installation_date: '2012-01-01', tank_status: TANK_STATUS.active },
          { installation_date: '1980-01-01', removal_date: '2005-01-01', tank_status: TANK_STATUS.closed },
          { installation_date: '1980-01-01', removal_date: '2015-01-01', tank_status: TANK_STATUS.closed },
          { installation_date: '1980-01-01', removal_date: null, tank_status: TANK_STATUS.closed },
          { installation_date: null, tank_status: TANK_STATUS.active },
        ],
        [{ reported_date: '2001-05-05', nfa_date: '2014-01-01', status_class: 'No Further Action', closed_with_residual_contamination: true }],
      ),
      T,
    );
    expect(known.tanksInService).toBe(2);
    expect(known.tanksUndated).toBe(2);
    expect(known.input.tanks.every((tank) => tank.tank_status === TANK_STATUS.active)).toBe(true);
    expect(known.input.releases).toEqual([{ status_class: 'Open', reported_date: '2001-05-05', closed_with_residual_contamination: null }]);
    expect(inServiceAt(tankRecord({ tank_id: 'x', facility_id: 'x', state: 'UT', installation_date: '2010-01-01' }), '2010-01-01')).toBe(true);
  });
});

/** Facilities whose outcome after T is decided by their wall type (single-walled leak), half each. */
function decidedCohort(count: number): FacilityHistory[] {
  return Array.from({ length: count }, (_, index) => {
    const single = index % 2 === 0;
    return history(
      `UT-${index}`,
      [{ ...oldTank, tank_wall_type: single ? 'Single wall' : 'Double wall' }],
      // The data reach 2020 in every case: a late release of a double-walled site sets the data end.
      single ? [{ reported_date: '2011-06-01' }] : [{ reported_date: '2019-12-31' }],
    );
  });
}

describe('runBacktest', () => {
  it('gives an AUC of 1 to a feature that decides the outcome and about 0.5 to noise', () => {
    const histories = decidedCohort(2_000);
    const decides: ScoringModel = { id: 'wall', score: (input: RiskInput) => (input.tanks.some((tank) => tank.tank_wall_type === 'Single wall') ? 2 : 1) };
    // A score from the facility alone, unrelated to its wall type.
    const noise: ScoringModel = { id: 'noise', score: (input: RiskInput) => 1 + (hash(JSON.stringify(input.receptors)) % 10) };
    const report = runBacktest(histories, [decides, noise], { asOfYears: [2010], horizons: [3], resamples: 200 });
    const of = (model: string) => report.cohorts.find((cohort) => cohort.model === model && cohort.view === 'first release')!;
    expect(of('wall')).toMatchObject({ facilities: 2_000, events: 1_000, baseRate: 0.5, topDecileCapture: 0.2 });
    expect(of('wall').auc.estimate).toBe(1);
    expect(of('noise').auc.estimate).toBeGreaterThan(0.45);
    expect(of('noise').auc.estimate).toBeLessThan(0.55);
    expect(of('noise').auc.low!).toBeLessThan(0.5);
    expect(of('noise').auc.high!).toBeGreaterThan(0.5);
  });

  it('leaves out a window the data do not reach, and prior releases from the first-release view', () => {
    const histories = [
      history('UT-1', [oldTank], [{ reported_date: '2010-06-01' }]),
      history('UT-2', [oldTank], [{ reported_date: '2008-03-01' }]),
      history('UT-3', [oldTank], [{ reported_date: '2012-12-31' }]),
    ];
    const report = runBacktest(histories, [v1], { asOfYears: [2010], horizons: [1, 3, 5], resamples: 50 });
    expect(report.regions).toEqual([expect.objectContaining({ region: 'UT', facilities: 3, dataEnd: '2012-12-31', included: true })]);
    // 2010 + 3 = 2013-01-01 lies past the data's end: only the 1-year window is read.
    expect(new Set(report.cohorts.map((cohort) => cohort.horizon))).toEqual(new Set([1]));
    const first = report.cohorts.find((cohort) => cohort.view === 'first release')!;
    const any = report.cohorts.find((cohort) => cohort.view === 'any release')!;
    expect([first.facilities, first.events, any.facilities, any.events]).toEqual([2, 1, 3, 1]);
  });
});

/** FNV-1a, for a reproducible score unrelated to the outcome. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return value;
}
