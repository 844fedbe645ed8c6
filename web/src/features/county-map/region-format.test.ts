import { describe, expect, it } from 'vitest';
import type { FacilityListItem, RegionProperties } from '@ust/schemas';
import { FACILITY_COLUMNS, facilityCells, facilityListTitle, hoverFigures, panelFigures, revisedLeakRate } from './region-format';

const region: RegionProperties = {
  NAME: 'District of Columbia',
  STATE: 'District of Columbia',
  state: 'DC',
  COUNTY: '',
  GEO_ID: '0400000US11',
  total_facilities: 1356,
  facilities_with_leaks: 400,
  leak_rate: 29.5,
  total_tanks: 4479,
  active_tanks: 900,
  avg_tank_age: 31.25,
  max_tank_age: 70,
  avg_protection_score: 62.4,
  avg_risk_score: 4.2,
  total_capacity: 10_000_000,
  total_leaks: 700,
  has_facility_data: true,
  has_release_data: true,
  total_releases: 1157,
  open_releases: 40,
  closed_releases: 1117,
  open_release_rate: 3.5,
  generated_share: 0,
};

const facility: FacilityListItem = {
  Facility_ID: 'DC-2000356',
  Name: null,
  Address: null,
  City: null,
  County: null,
  State: 'DC',
  Zip_Code: null,
  Latitude: 38.912345678,
  Longitude: -76.98765,
  LOCATED_BY: 'coordinates',
  FIPS: null,
  MAPPING_METHOD: null,
  HAS_LEAK: true,
  leak_data: 'reported',
  TOTAL_TANK_COUNT: 3,
  ACTIVE_TANK_COUNT: 2,
  AVG_TANK_AGE: null,
  MAX_TANK_AGE: 41,
  PROTECTION_SCORE: null,
  TOTAL_LEAK_COUNT: 2,
  TOTAL_CAPACITY: 24000,
  RISK_SCORE: 7,
  source: 'epa-template/DC/UST/facility.csv',
  is_generated: false,
};

describe('map figures and facility table', () => {
  it('shows release figures on hover for states with releases, and the revised leak rate', () => {
    const labels = hoverFigures(region, 'states').map((figure) => figure.label);
    expect(labels).toEqual([
      'Facilities',
      'Facilities with Leaks',
      'Leak Rate',
      'Total Tanks',
      'Avg Tank Age',
      'Protection Score',
      'Total Releases',
      'Open Releases',
      'Open Release Rate',
      'Revised Leak Rate',
    ]);
    expect(revisedLeakRate(region)).toBeCloseTo(85.32, 2);
    expect(hoverFigures(region, 'states').find((figure) => figure.label === 'Revised Leak Rate')?.value).toBe('85.3%');
  });

  it("says 'No release data', not 0 %, for the leak figures of a region whose sources have no release table", () => {
    const delaware = { ...region, has_release_data: false, facilities_with_leaks: null, leak_rate: null, total_leaks: null, total_releases: null };
    for (const level of ['states', 'counties'] as const) {
      const figures = hoverFigures(delaware, level);
      expect(figures.find((figure) => figure.label === 'Leak Rate')?.value).toBe('No release data');
      expect(figures.find((figure) => figure.label === 'Facilities with Leaks')?.value).toBe('No release data');
      expect(figures.find((figure) => figure.label === 'Facilities')?.value).toBe('1,356');
    }
    expect(revisedLeakRate(delaware)).toBeNull();
  });

  it("says 'No facility data' for the leak rate of a state whose releases come without a facility table (IA)", () => {
    const iowa = { ...region, total_facilities: 3, has_facility_data: false, facilities_with_leaks: null, leak_rate: null };
    const figures = hoverFigures(iowa, 'states');
    expect(figures.find((figure) => figure.label === 'Leak Rate')?.value).toBe('No facility data');
    expect(figures.find((figure) => figure.label === 'Total Releases')?.value).toBe('1,157');
  });

  it("shows 'Not reported' in the Has Leak column for a facility of a state without a release table", () => {
    const cells = facilityCells({ ...facility, HAS_LEAK: null, leak_data: 'not_reported' });
    expect(cells[FACILITY_COLUMNS.indexOf('Has Leak')]).toBe('Not reported');
    expect(facilityCells({ ...facility, HAS_LEAK: false })[FACILITY_COLUMNS.indexOf('Has Leak')]).toBe('No');
  });

  it('marks the coordinates of a facility placed at its ZIP or town as approximate (docs/decisions/0110-located-by.md)', () => {
    const at = (LOCATED_BY: FacilityListItem['LOCATED_BY']) => facilityCells({ ...facility, Latitude: 39.294832, Longitude: -76.62278, LOCATED_BY });
    const coordinates = (cells: string[]) => [cells[FACILITY_COLUMNS.indexOf('Latitude')], cells[FACILITY_COLUMNS.indexOf('Longitude')]];
    expect(coordinates(at('zip'))).toEqual(['39.2948 (approx.)', '-76.6228 (approx.)']);
    expect(coordinates(at('place'))).toEqual(['39.2948 (approx.)', '-76.6228 (approx.)']);
    expect(coordinates(at('coordinates'))).toEqual(['39.2948', '-76.6228']);
  });

  it('leaves release figures out for counties and for states without release data', () => {
    expect(hoverFigures(region, 'counties')).toHaveLength(6);
    expect(hoverFigures({ ...region, has_release_data: false }, 'states')).toHaveLength(6);
    expect(revisedLeakRate({ ...region, total_facilities: 0 })).toBeNull();
  });

  it('gives the panel the protection score out of 100 and closed releases for states', () => {
    const figures = panelFigures(region, 'states');
    expect(figures.find((figure) => figure.label === 'Protection Score')?.value).toBe('62.4/100');
    const labels = figures.map((figure) => figure.label);
    expect(labels.indexOf('Closed Releases')).toBe(labels.indexOf('Open Releases') + 1);
    expect(panelFigures(region, 'counties').map((figure) => figure.label)).not.toContain('Closed Releases');
    expect(panelFigures({ ...region, avg_protection_score: null }, 'counties').find((figure) => figure.label === 'Protection Score')?.value).toBe('N/A');
  });

  it('titles the lists as the spec spells them', () => {
    expect(facilityListTitle({ ...region, COUNTY: 'Sussex' }, 'counties', 767, 767)).toBe('Facilities in Sussex County (767)');
    expect(facilityListTitle(region, 'states', 50, 1356)).toBe('Sample Facilities in District of Columbia (50/1,356)');
  });

  it('fills the 20 columns, with 4-decimal coordinates and N/A, Unknown or No address for what is missing', () => {
    const cells = facilityCells(facility);
    expect(cells).toHaveLength(FACILITY_COLUMNS.length);
    expect(Object.fromEntries(FACILITY_COLUMNS.map((column, index) => [column, cells[index]]))).toEqual({
      'Facility ID': 'DC-2000356',
      Name: 'N/A',
      Address: 'No address',
      City: 'Unknown',
      County: 'Unknown',
      State: 'DC',
      'Zip Code': 'N/A',
      Latitude: '38.9123',
      Longitude: '-76.9877',
      FIPS: 'N/A',
      'Mapping Method': 'Unknown',
      'Has Leak': 'Yes',
      'Total Tanks': '3',
      'Active Tanks': '2',
      'Avg Tank Age': 'N/A',
      'Max Tank Age': '41.0',
      'Protection Score': 'N/A',
      'Total Leaks': '2',
      'Total Capacity (gal)': '24,000',
      'Risk Score': '7/10',
    });
  });
});
