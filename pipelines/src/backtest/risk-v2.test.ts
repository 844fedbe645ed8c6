/**
 * The fitted model's machinery: folds never split a facility and spread each region, the fit
 * recovers known coefficients, and training rows see only what was known at T.
 */
import { describe, expect, it } from 'vitest';
import { TANK_STATUS } from '@ust/domain';
import { facilityRecord, releaseRecord, tankRecord } from '@ust/schemas/testing';
import { collectHistories } from './facility-histories.js';
import { fitLogistic, predict, solve } from './logistic.js';
import { seededRandom } from './metrics.js';
import { featureValues, RISK_MODEL_V2 } from '@ust/domain';
import { assignFolds, FOLDS, trainingRows } from './risk-v2.js';
import { facilityAt } from './as-of.js';

function histories(count: number, regions: readonly string[]) {
  const items = [];
  for (let index = 0; index < count; index += 1) {
    const state = regions[index % regions.length]!;
    const id = `${state}-${index}`;
    items.push({ kind: 'facility' as const, record: facilityRecord({ facility_id: id, state }) });
    items.push({
      kind: 'tank' as const,
      record: tankRecord({ tank_id: `${id}/1`, facility_id: id, state, installation_date: '1990-01-01', tank_status: TANK_STATUS.active }),
    });
    if (index % 3 === 0)
      items.push({
        kind: 'release' as const,
        record: releaseRecord({ release_id: `${id}/R`, facility_id: id, state, status_class: 'Open', reported_date: index % 2 ? '2006-06-01' : '2011-06-01' }),
      });
  }
  return collectHistories([items]);
}

describe('risk-v2 folds', () => {
  it('put every facility in one fold and about a fifth of each region in each fold', () => {
    const all = histories(1_000, ['UT', 'DC', 'WV']);
    const folds = assignFolds(all);
    expect(folds.size).toBe(all.length);
    for (const region of ['UT', 'DC', 'WV']) {
      const sizes = new Array<number>(FOLDS).fill(0);
      for (const history of all.filter((each) => each.region === region)) sizes[folds.get(history.facilityId)!]! += 1;
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
    // A facility's rows of several as-of years all carry its id, so they share its one fold.
    const rows = trainingRows(
      all,
      [2005, 2010],
      new Map([
        ['UT', '2024-01-01'],
        ['DC', '2024-01-01'],
        ['WV', '2024-01-01'],
      ]),
    );
    expect(rows).toHaveLength(2 * all.length);
    expect(new Set(rows.map((row) => `${row.facilityId}:${folds.get(row.facilityId)}`)).size).toBe(all.length);
  });

  it('train on what was known at T: a release after T is an outcome, not a feature', () => {
    const [history] = histories(1, ['UT']);
    const [row] = trainingRows([history!], [2010], new Map([['UT', '2024-01-01']]));
    expect(row!.outcome).toBe(true);
    expect(row!.features[featureIndex('release_count')]).toBe(0);
    expect(featureValues(facilityAt(history!, new Date(Date.UTC(2012, 0, 1))).input)[featureIndex('open_release')]).toBe(1);
  });
});

describe('fitLogistic', () => {
  it('recovers the coefficients that generated the outcomes', () => {
    const random = seededRandom(7);
    const rows = Array.from({ length: 20_000 }, () => {
      const features = [random() * 4 - 2, random() < 0.3 ? 1 : 0];
      return { features, outcome: random() < predict([-1.5, 0.8, 1.2], features) };
    });
    const { coefficients } = fitLogistic(rows, { penalty: 0 });
    expect(coefficients[0]).toBeCloseTo(-1.5, 0);
    expect(Math.abs(coefficients[1]! - 0.8)).toBeLessThan(0.1);
    expect(Math.abs(coefficients[2]! - 1.2)).toBeLessThan(0.15);
  });

  it('solves a linear system exactly', () => {
    expect(
      solve(
        [
          [2, 1],
          [1, 3],
        ],
        [3, 5],
      ).map((value) => Number(value.toFixed(9))),
    ).toEqual([0.8, 1.4]);
  });
});

function featureIndex(factor: string): number {
  return RISK_MODEL_V2.features.findIndex((feature) => feature.factor === factor);
}
