/** Screening rows and runs for the screening screens' tests: one of each outcome, as the gateway answers them. */
import type { ScreeningRow, ScreeningRun, SearchFacilityItem } from '@ust/schemas';

const INPUT = { address: null, city: null, state: null, zip: null, latitude: null, longitude: null };

export function facility(id: string, riskScore: number | null, lowestPremium: number | null, state = 'DE'): SearchFacilityItem {
  return {
    id,
    name: `Facility ${id}`,
    address: '1 Main St',
    city: 'Dover',
    state,
    zip_code: '19901',
    latitude: 39.15,
    longitude: -75.52,
    tank_count: 3,
    active_tank_count: 2,
    has_leaks: false,
    leak_data: 'reported',
    leak_count: 0,
    county_fips: '10001',
    risk_score: riskScore,
    pricing: { quotes: [], best_carrier: lowestPremium === null ? null : 'Zurich', lowest_premium: lowestPremium, no_quote_reason: null },
    source: 'epa',
    is_generated: false,
    located_by: 'coordinates',
    approximate: false,
  };
}

export const matched = (line: number, reference: string, risk: number | null, feet: number, premium: number | null, state = 'DE'): ScreeningRow => ({
  line,
  reference,
  input: { ...INPUT, address: `${line} Main St`, city: 'Dover', state, zip: '19901' },
  outcome: 'matched',
  reason: null,
  location: { latitude: 39.15, longitude: -75.52, located_by: 'address', formatted_address: null },
  match: { rule: feet === 0 ? 'address' : 'proximity', distance_feet: feet },
  facility: facility(`F${line}`, risk, premium, state),
  surroundings: null,
});

export const screened = (line: number, reference: string, highestRisk: number | null, releaseMiles: number | null, state = 'MD'): ScreeningRow => ({
  line,
  reference,
  input: { ...INPUT, latitude: '39.0', longitude: '-76.5', state },
  outcome: 'screened',
  reason: null,
  location: { latitude: 39, longitude: -76.5, located_by: 'coordinates', formatted_address: null },
  match: null,
  facility: null,
  surroundings: {
    facilities_within_quarter_mile: 0,
    facilities_within_one_mile: 2,
    releases_within_quarter_mile: 0,
    releases_within_one_mile: 1,
    highest_risk_within_one_mile: highestRisk,
    highest_risk_facility_id: highestRisk === null ? null : 'F9',
    nearest_release:
      releaseMiles === null
        ? null
        : { release_id: 'R1', lust_id: 'L1', name: 'Corner Gas', status_class: 'Open', distance_miles: releaseMiles, is_generated: true },
  },
});

export const notLocated = (line: number, reference: string | null, reason: string): ScreeningRow => ({
  line,
  reference,
  input: INPUT,
  outcome: 'not_located',
  reason,
  location: null,
  match: null,
  facility: null,
  surroundings: null,
});

export function screeningRun(overrides: Partial<ScreeningRun> = {}): ScreeningRun {
  return {
    id: 'scr-1',
    file_name: 'portfolio.csv',
    owner_id: 'user-broker',
    owner_email: 'broker@ust.local',
    status: 'done',
    failure: null,
    rows_total: 0,
    rows_done: 0,
    rows_per_second: 0,
    eta_seconds: null,
    matched: 0,
    screened: 0,
    not_located: 0,
    dataset_version: 3,
    created_at: '2026-03-05T14:00:00.000Z',
    started_at: '2026-03-05T14:00:01.000Z',
    finished_at: null,
    ...overrides,
  };
}
