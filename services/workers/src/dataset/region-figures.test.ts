import { describe, expect, it } from 'vitest';
import type { FacilityAggregateRow, ReleaseAggregateRow } from '../queries/dataset/region-aggregate-rows.js';
import { indexAggregates, mergeFacilityAggregates, mergeReleaseAggregates, regionFigures } from './region-figures.js';

const facilities = (region: string, fields: Partial<FacilityAggregateRow> = {}): FacilityAggregateRow => ({
  region,
  total_facilities: 3,
  facilities_with_leaks: 1,
  reported_facilities: 3,
  state_source_facilities: 3,
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
const releases = (region: string): ReleaseAggregateRow => ({
  region,
  total_releases: 3,
  state_source_releases: 3,
  open_releases: 1,
  closed_releases: 1,
  generated_releases: 0,
});

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

  it('gives zeros to facility counts and nulls to unknown figures of a region without data', () => {
    expect(regionFigures(undefined, undefined)).toMatchObject({
      total_facilities: 0,
      facilities_with_leaks: null,
      leak_rate: null,
      avg_tank_age: null,
      avg_protection_score: null,
      avg_risk_score: null,
      total_leaks: null,
      has_facility_data: false,
      has_release_data: false,
      total_releases: null,
      open_releases: null,
      closed_releases: null,
      open_release_rate: null,
      generated_share: 0,
    });
  });

  it('leaves the release figures null, not 0, where no facility state had a release table (DE, IL, VT)', () => {
    const unreported = facilities('DE', { facilities_with_leaks: 0, reported_facilities: 0, total_leaks: 0 });
    expect(regionFigures(unreported, undefined)).toMatchObject({
      total_facilities: 3,
      has_facility_data: true,
      has_release_data: false,
      facilities_with_leaks: null,
      leak_rate: null,
      total_leaks: null,
      total_releases: null,
      open_releases: null,
      closed_releases: null,
      open_release_rate: null,
    });
  });

  it('rates leaks over the facilities whose leaks are reported only', () => {
    // Of 3 facilities, 2 lie in a state with a release table and 1 of those leaked: 50 %, not 33.3 %.
    expect(regionFigures(facilities('X', { reported_facilities: 2 }), releases('X'))).toMatchObject({ leak_rate: 50, has_release_data: true });
  });

  it('says a state whose export has releases but no facility table has no facility data, whatever tribal lands add (IA)', () => {
    // Three tribal-land facilities (reported by the tribal layer) beside the state's own releases.
    const tribal = facilities('IA', { facilities_with_leaks: 0, state_source_facilities: 0 });
    expect(regionFigures(tribal, releases('IA'))).toMatchObject({
      total_facilities: 3,
      has_facility_data: false,
      has_release_data: true,
      facilities_with_leaks: null,
      leak_rate: null,
      total_releases: 3,
    });
  });

  it('keeps the release figures but no leak rate for releases without facility records (IA)', () => {
    expect(regionFigures(undefined, releases('19'))).toMatchObject({
      has_facility_data: false,
      has_release_data: true,
      total_facilities: 0,
      leak_rate: null,
      total_releases: 3,
      open_releases: 1,
      open_release_rate: 33.3,
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
