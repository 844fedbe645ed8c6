import { describe, expect, it } from 'vitest';
import type { FacilityAggregateRow, ReleaseAggregateRow } from '../queries/dataset/region-aggregate-rows.js';
import { indexAggregates, mergeFacilityAggregates, mergeReleaseAggregates, regionFigures } from './region-figures.js';

const facilities = (region: string, fields: Partial<FacilityAggregateRow> = {}): FacilityAggregateRow => ({
  region,
  total_facilities: 3,
  facilities_with_leaks: 1,
  total_tanks: 9,
  active_tanks: 6,
  age_tank_count: 4,
  tank_age_sum: 101,
  max_tank_age: 40.2,
  scored_facilities: 2,
  protection_score_sum: 133,
  risk_scored_facilities: 3,
  risk_score_sum: 14,
  total_capacity: 45_000.4,
  total_leaks: 2,
  generated_facilities: 2,
  ...fields,
});
const releases = (region: string): ReleaseAggregateRow => ({ region, total_releases: 3, open_releases: 1, closed_releases: 1, generated_releases: 0 });

describe('regionFigures', () => {
  it('turns sums into rates and per-tank averages', () => {
    expect(regionFigures(facilities('10001'), releases('10001'))).toEqual({
      total_facilities: 3,
      facilities_with_leaks: 1,
      leak_rate: 33.3,
      total_tanks: 9,
      active_tanks: 6,
      avg_tank_age: 25.3, // 101 / 4 tanks
      max_tank_age: 40.2,
      avg_protection_score: 66.5, // 133 / 2 scored facilities
      avg_risk_score: 4.7, // 14 / 3 scored facilities
      total_capacity: 45_000,
      total_leaks: 2,
      has_facility_data: true,
      has_release_data: true,
      total_releases: 3,
      open_releases: 1,
      closed_releases: 1,
      open_release_rate: 33.3,
      generated_share: 0.6667,
    });
  });

  it('gives zeros and nulls to a region without data', () => {
    expect(regionFigures(undefined, undefined)).toMatchObject({
      total_facilities: 0,
      leak_rate: 0,
      avg_tank_age: null,
      avg_protection_score: null,
      avg_risk_score: null,
      has_facility_data: false,
      has_release_data: false,
      open_release_rate: 0,
      generated_share: 0,
    });
  });
});

describe('indexAggregates', () => {
  it('merges rows that map to one key, drops unmapped ones, and reads 64-bit sums sent as strings', () => {
    const rows = [facilities('MP', { max_tank_age: null }), facilities('CM', { total_tanks: '1' as unknown as number }), facilities('XX')];
    const index = indexAggregates(rows, (code) => ({ MP: '69', CM: '69' })[code], mergeFacilityAggregates);
    expect([...index.keys()]).toEqual(['69']);
    expect(index.get('69')).toMatchObject({
      total_facilities: 6,
      total_tanks: 10,
      max_tank_age: 40.2,
      tank_age_sum: 202,
      risk_scored_facilities: 6,
      risk_score_sum: 28,
    });
    expect(indexAggregates([releases('a'), releases('a')], (key) => key, mergeReleaseAggregates).get('a')).toMatchObject({
      total_releases: 6,
      open_releases: 2,
    });
  });
});
