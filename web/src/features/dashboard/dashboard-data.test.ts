import { describe, expect, it } from 'vitest';
import type { FacilityStatistics } from '@ust/schemas';
import { ageBandRows, releaseYearRows, riskBandRows } from './chart-data';
import { activityValues, sourcesSummary, statisticFigures } from './dashboard-format';
import { findAdminTool } from './admin-tools';

const statistics: FacilityStatistics = {
  total_facilities: 742_860,
  total_tanks: 2_280_075,
  active_tanks: 504_169,
  average_tank_age: 37.1,
  total_leaks: 325_288,
  facilities_with_leaks: 248_412,
  facilities_with_release_data: 742_860,
  leak_rate: 33.4,
  tanks_by_age_band: [
    { band: '0-9', tanks: 1_200 },
    { band: '40+', tanks: 3_400 },
  ],
  releases_by_year: [
    { year: 2001, releases: 12 },
    { year: 1990, releases: 1_500 },
  ],
  facilities_by_risk_band: [
    { band: 'low', facilities: 10 },
    { band: 'moderate', facilities: 20 },
    { band: 'high', facilities: 30 },
    { band: 'extreme', facilities: 1 },
  ],
  dataset_version: 3,
  generated_at: '2026-03-05T14:20:00.000Z',
  sources: { real_facilities: 12_345, generated_facilities: 730_515, real_releases: 4_321, generated_releases: 320_967 },
  coverage: [],
};

describe('statisticFigures', () => {
  it('formats the figures with thousands separators and one decimal (docs/product.md sections 2 and 9)', () => {
    expect(statisticFigures(statistics)).toEqual([
      { label: 'Total Facilities', value: '742,860' },
      { label: 'Total Tanks', value: '2,280,075' },
      { label: 'Active Tanks', value: '504,169' },
      { label: 'Average Tank Age', value: '37.1', unit: ' years' },
      { label: 'Total Leaks', value: '325,288' },
      { label: 'Facilities with Leaks', value: '248,412' },
      { label: 'Leak Rate', value: '33.4', unit: '%' },
    ]);
  });

  it('shows zero for every figure without statistics (docs/product.md section 8)', () => {
    expect(statisticFigures(undefined).map((figure) => `${figure.value}${figure.unit ?? ''}`)).toEqual(['0', '0', '0', '0.0 years', '0', '0', '0.0%']);
  });
});

describe('sourcesSummary', () => {
  it('says how many facilities and releases are real and how many generated, and when the dataset was built', () => {
    const summary = sourcesSummary(statistics);
    expect(summary).toContain('12,345 facilities come from real EPA records and 730,515 are generated demo records');
    expect(summary).toContain('releases: 4,321 real, 320,967 generated');
    expect(summary).toMatch(/Dataset version 3, built Mar 5, 2026, \d{1,2}:\d{2}\s[AP]M\./);
  });
});

describe('activityValues', () => {
  it('is 0, 0, Never without activity (docs/decisions/0008-live-activity-card.md)', () => {
    expect(activityValues({ total_searches: 0, facilities_viewed: 0, last_activity: null })).toEqual({
      totalSearches: '0',
      facilitiesViewed: '0',
      lastActivity: 'Never',
      lastActivityIso: null,
    });
    expect(activityValues(undefined).lastActivity).toBe('Never');
  });

  it('formats counts and the last activity readably', () => {
    const values = activityValues({ total_searches: 1_204, facilities_viewed: 7, last_activity: '2026-01-15T09:30:00.000Z' });
    expect(values.totalSearches).toBe('1,204');
    expect(values.facilitiesViewed).toBe('7');
    expect(values.lastActivity).toMatch(/^Jan 1[45], 2026, \d{1,2}:30\s[AP]M$/);
    expect(values.lastActivityIso).toBe('2026-01-15T09:30:00.000Z');
  });
});

describe('chart rows', () => {
  it('labels age bands as the server names them', () => {
    expect(ageBandRows(statistics)).toEqual([
      { label: '0-9', value: 1_200 },
      { label: '40+', value: 3_400 },
    ]);
  });

  it('puts release years oldest first', () => {
    expect(releaseYearRows(statistics).map((row) => row.label)).toEqual(['1990', '2001']);
  });

  it('colours risk bands low green, moderate amber, high red from the theme; an unknown band is neutral', () => {
    expect(riskBandRows(statistics)).toEqual([
      { label: 'Low (1-3)', value: 10, color: 'var(--color-success)' },
      { label: 'Moderate (4-6)', value: 20, color: 'var(--color-warning)' },
      { label: 'High (7-10)', value: 30, color: 'var(--color-error)' },
      { label: 'extreme', value: 1, color: 'var(--color-secondary)' },
    ]);
  });
});

describe('findAdminTool', () => {
  it('knows the three Admin Tools views and nothing else', () => {
    expect(findAdminTool('user-management')?.label).toBe('User Management');
    expect(findAdminTool('system-health')?.label).toBe('System Health');
    expect(findAdminTool('data-updates')?.label).toBe('Data Updates');
    expect(findAdminTool('webhook-deliveries')?.label).toBe('Webhook Deliveries');
    expect(findAdminTool('logs')).toBeUndefined();
    expect(findAdminTool(null)).toBeUndefined();
  });
});
