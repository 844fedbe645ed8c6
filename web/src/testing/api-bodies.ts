/**
 * Response bodies for component tests, typed by @ust/schemas so they keep the API's shape. The
 * records are Washington DC rows of the EPA fixture files (pipelines/fixtures/epa-template/DC)
 * and the quotes the rating plan gives a two-tank facility (services/domain pricing tests).
 */
import {
  PRICING_DISCLAIMER,
  type AdminActivitiesResponse,
  type AdminAnalytics,
  type AdminLogsResponse,
  type AdminSessionsResponse,
  type AdminUsersResponse,
  type FacilityDetails,
  type PricingQuote,
  type ReleaseDetails,
  type SearchResponse,
} from '@ust/schemas';

const FILINGS = {
  'Mid-Continent': 'Mid-Continent Casualty Co. TOP manual 05/2021 (Table I-b), applied to Texas, effective 2021-05-01',
  TOMICS: 'TX SERFF TEXS-131241913, effective 2018-01-01',
  AIG: 'TX SERFF AGNY-130002263, effective 2015-08-01',
  Zurich: 'IA SERFF ZURC-127338727, effective 2011-10-01',
} as const;

function quote(carrier: keyof typeof FILINGS, annual_premium: number, base_premium: number): PricingQuote {
  return { carrier, annual_premium, base_premium, coverage_limit: 1_000_000, aggregate_limit: 1_000_000, deductible: 5_000, modelled_on: FILINGS[carrier] };
}

/** GET /api/facilities/5000533: a filling station with five tanks in use and an open release. */
export const MARATHON_FLORIDA: FacilityDetails = {
  Facility_ID: '5000533',
  Name: 'MARATHON FLORIDA 228965',
  Address: '500 FLORIDA AV NE',
  City: 'Washington DC',
  State: 'DC',
  Zip_Code: '20002',
  County: 'District of Columbia',
  FIPS: '11001',
  Latitude: 38.90678922,
  Longitude: -76.99899246,
  TOTAL_TANK_COUNT: 6,
  ACTIVE_TANK_COUNT: 5,
  INACTIVE_TANK_COUNT: 1,
  HAS_LEAK: true,
  leak_data: 'reported',
  TOTAL_LEAK_COUNT: 1,
  PROTECTION_SCORE: 4,
  PROTECTION_SCORE_100: 38,
  calculated_risk_score: 6,
  risk: {
    score: 6,
    band: 'moderate',
    model_version: 'risk-v1',
    factors: [
      { factor: 'active_tank_count', value: 5, points: 2 },
      { factor: 'oldest_tank_age', value: 41, points: 3 },
      { factor: 'single_walled_tanks', value: 5, points: 3 },
      { factor: 'open_releases', value: 1, points: 4 },
      { factor: 'population_1500ft', value: null, points: 1 },
    ],
  },
  pricing: {
    facility_id: '5000533',
    tank_count: 5,
    risk_score: 6,
    indicative: true,
    disclaimer: PRICING_DISCLAIMER,
    quotes: [quote('Mid-Continent', 1_932, 1_725), quote('TOMICS', 2_478, 2_213), quote('AIG', 7_600, 6_786), quote('Zurich', 9_568, 8_543)],
    summary: { best_carrier: 'Mid-Continent', lowest_premium: 1_932, savings_vs_highest: 7_636, average_premium: 5_395 },
  },
  AVERAGE_TANK_AGE: 37.4,
  OLDEST_TANK_YEAR: 1985,
  NEWEST_TANK_YEAR: 1988,
  other_fields: {
    Coordinate_Source: 'Geocoded address',
    Mapping_Method: 'point in county',
    Facility_Type: 'Retail fuel sales (non-marina)',
    Owner_Type: 'Private',
    Open_USTs: 5,
    Closed_USTs: 1,
    Within_100yr_Floodplain: false,
    EPA_Region: 3,
    Tribe: null,
  },
  tanks: [
    {
      Tank_ID: '5000533-1',
      Tank_Status: 'Currently in use',
      Installation_Date: '1988-04-01',
      Removal_Date: null,
      Capacity: 10_000,
      Substances: 'Gasoline (unknown type)',
      Tank_Wall_Type: 'Single wall',
    },
    {
      Tank_ID: '5000533-4',
      Tank_Status: 'Currently in use',
      Installation_Date: '1988-04-01',
      Removal_Date: null,
      Capacity: 10_000,
      Substances: 'Diesel fuel (b-unknown)',
      Tank_Wall_Type: 'Single wall',
    },
    {
      Tank_ID: '5000533-6',
      Tank_Status: 'Currently in use',
      Installation_Date: '1985-01-01',
      Removal_Date: null,
      Capacity: 6_000,
      Substances: 'Kerosene',
      Tank_Wall_Type: 'Single wall',
    },
    {
      Tank_ID: '5000533-7',
      Tank_Status: 'Closed (removed from ground)',
      Installation_Date: '1964-06-07',
      Removal_Date: '1988-01-01',
      Capacity: null,
      Substances: null,
      Tank_Wall_Type: 'Single wall',
    },
  ],
  releases: [
    {
      LUST_ID: '96020',
      release_id: 'DC-96020',
      Reported_Date: '1996-02-02',
      Status: 'Active: general',
      Status_Class: 'Open',
      Substance: 'Diesel fuel (b-unknown)',
    },
  ],
  source: 'epa-template/DC/UST/facility.csv',
  is_generated: false,
  import_id: 'imp-2026-03-05-dc',
};

/** GET /api/releases/DC-96020: the facility's open release. */
export const MARATHON_RELEASE: ReleaseDetails = {
  release_id: 'DC-96020',
  LUST_ID: '96020',
  Facility_ID: '5000533',
  Name: 'MARATHON FLORIDA 228965',
  Address: '500 FLORIDA AV NE',
  City: 'Washington DC',
  County: null,
  State: 'DC',
  Zip_Code: '20002',
  Latitude: 38.90678922,
  Longitude: -76.99899246,
  Coordinate_Source: 'Geocoded address',
  Address_Match_Type: null,
  Reported_Date: '1996-02-02',
  NFA_Date: null,
  Status: 'Active: general',
  Status_Class: 'Open',
  Substance: 'Diesel fuel (b-unknown)',
  Population_within_1500ft: 4_812,
  DomesticWells_within_1500ft: 0,
  LandUse: 'Commercial',
  Within_SPA: false,
  SPA_PWS_FacilityID: null,
  SPA_Water_Type: null,
  SPA_Facility_Type: null,
  Within_WHPA: false,
  WHPA_PWS_FacilityID: null,
  WHPA_Water_Type: null,
  WHPA_Facility_Type: null,
  Within_100yr_Floodplain: false,
  Tribe: null,
  EPA_Region: 3,
  Closed_With_Residual_Contaminat: null,
  source: 'epa-template/DC/Releases/release.csv',
  is_generated: false,
  import_id: 'imp-2026-03-05-dc',
};

export const SEARCH_ADDRESS = '1016 Bladensburg Rd NE, Washington DC 20002';

/** POST /api/search-address for SEARCH_ADDRESS: the closest facilities, closest first. */
export const BLADENSBURG_SEARCH: SearchResponse = {
  facilities: [
    {
      id: '5000593',
      name: 'MPD 5TH DISTRICT HEADQUARTERS',
      address: '1805 BLADENSBURG RD NE',
      city: 'Washington DC',
      state: 'DC',
      zip_code: '20002',
      latitude: 38.91507726,
      longitude: -76.97364006,
      tank_count: 3,
      active_tank_count: 0,
      has_leaks: true,
      leak_data: 'reported',
      leak_count: 1,
      county_fips: '11001',
      risk_score: 3,
      pricing: { quotes: [], best_carrier: null, lowest_premium: null, no_quote_reason: 'No active tanks to insure' },
      source: 'epa-template/DC/UST/facility.csv',
      is_generated: false,
      distance_miles: 0.71,
    },
    {
      id: '5000533',
      name: 'MARATHON FLORIDA 228965',
      address: '500 FLORIDA AV NE',
      city: 'Washington DC',
      state: 'DC',
      zip_code: '20002',
      latitude: 38.90678922,
      longitude: -76.99899246,
      tank_count: 6,
      active_tank_count: 5,
      has_leaks: true,
      leak_data: 'reported',
      leak_count: 1,
      county_fips: '11001',
      risk_score: 6,
      pricing: {
        quotes: MARATHON_FLORIDA.pricing.quotes.map(({ carrier, annual_premium, modelled_on }) => ({ carrier, annual_premium, modelled_on })),
        best_carrier: 'Mid-Continent',
        lowest_premium: 1_932,
        no_quote_reason: null,
      },
      source: 'epa-template/DC/UST/facility.csv',
      is_generated: false,
      distance_miles: 0.96,
    },
  ],
  geocoding: {
    success: true,
    message: 'Address found',
    original_address: SEARCH_ADDRESS,
    formatted_address: '1016 Bladensburg Rd NE, Washington, DC 20002',
    latitude: 38.90305719,
    longitude: -76.98186192,
    match_type: 'address',
  },
  total_found: 312,
  closest_release: {
    release_id: 'DC-2017018',
    lust_id: '2017018',
    facility_id: '5010010',
    name: 'BLADENSBURG RD LLC',
    city: 'Washington DC',
    state: 'DC',
    latitude: 38.90305719,
    longitude: -76.98186192,
    status: 'No further action',
    status_class: 'No Further Action',
    substance: null,
    reported_date: '2017-09-21',
    Population_within_1500ft: 3_215,
    source: 'epa-template/DC/Releases/release.csv',
    is_generated: false,
    distance_miles: 0,
  },
  dataset_version: 3,
  pricing_note: PRICING_DISCLAIMER,
};

const NOW = Date.parse('2026-03-05T14:20:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

export const ADMIN_LOGS: AdminLogsResponse = {
  logs: [
    {
      id: '0b6f1f9e-6f3a-4a8e-9d2c-2f1f4b7b9a01',
      timestamp: minutesAgo(1),
      level: 'ERROR',
      category: 'API',
      message: 'API call failed',
      user_id: 'local|demo-broker',
      duration_ms: null,
      status_code: 504,
      endpoint: '/api/search-address',
      method: 'POST',
    },
    {
      id: '0b6f1f9e-6f3a-4a8e-9d2c-2f1f4b7b9a02',
      timestamp: minutesAgo(2),
      level: 'INFO',
      category: 'REQUEST',
      message: 'request completed',
      user_id: 'local|demo-broker',
      duration_ms: 42.5,
      status_code: 200,
      endpoint: '/api/facilities/5000533',
      method: 'GET',
    },
  ],
};

export const ADMIN_ACTIVITIES: AdminActivitiesResponse = {
  activities: [
    {
      id: '5d0c3f0e-2b8f-4d5e-8a3c-7e1d2f3a4b01',
      auth0_user_id: 'local|demo-broker',
      activity_type: 'facility_view',
      timestamp: minutesAgo(3),
      user_role: 'broker',
      facility_id: '5000533',
      location_lat: 38.90678922,
      location_lon: -76.99899246,
      email: 'broker@ust.local',
      release_id: null,
      session_id: '1772720400000-8f3a2c1d',
      page: '/search',
    },
    {
      id: '5d0c3f0e-2b8f-4d5e-8a3c-7e1d2f3a4b02',
      auth0_user_id: 'local|demo-broker',
      activity_type: 'address_search',
      timestamp: minutesAgo(4),
      user_role: 'broker',
      facility_id: null,
      location_lat: 38.90305719,
      location_lon: -76.98186192,
      email: 'broker@ust.local',
      release_id: null,
      session_id: '1772720400000-8f3a2c1d',
      page: '/search',
    },
  ],
};

export const ADMIN_USERS: AdminUsersResponse = {
  users: [
    {
      id: 'user-admin',
      auth0_user_id: 'local|demo-admin',
      email: 'admin@ust.local',
      name: 'Ada Admin',
      role: 'admin',
      created_at: '2026-03-01T09:00:00.000Z',
      last_login: minutesAgo(5),
      is_active: true,
      activity_count: 12,
    },
    {
      id: 'user-broker',
      auth0_user_id: 'local|demo-broker',
      email: 'broker@ust.local',
      name: 'Brian Broker',
      role: 'broker',
      created_at: '2026-03-01T09:05:00.000Z',
      last_login: minutesAgo(6),
      is_active: true,
      activity_count: 31,
    },
    {
      id: 'user-general',
      auth0_user_id: 'local|demo-general',
      email: 'general@ust.local',
      name: 'Gina General',
      role: 'general',
      created_at: '2026-03-02T11:30:00.000Z',
      last_login: null,
      is_active: false,
      activity_count: 0,
    },
  ],
};

export const ADMIN_SESSIONS: AdminSessionsResponse = {
  sessions: [
    {
      session_id: '1772720400000-8f3a2c1d',
      user_id: 'local|demo-broker',
      start_time: minutesAgo(20),
      last_activity: minutesAgo(3),
      activity_count: 7,
      pages_visited: ['/county-map', '/dashboard', '/search'],
    },
  ],
};

/** GET /api/admin/analytics: the hour's cards and its 60 minutes, oldest first. */
export const ADMIN_ANALYTICS: AdminAnalytics = {
  window_minutes: 60,
  total_users: 2,
  active_sessions: 1,
  error_rate_percent: 2.4,
  avg_response_time_ms: 38,
  anonymous: { log_entries: 6, errors: 1, activities: 3, active_sessions: 1 },
  generated_at: new Date(NOW).toISOString(),
  series: Array.from({ length: 60 }, (_, index) => {
    const requests = index % 7 === 0 ? 0 : 5 + (index % 5);
    return {
      minute: minutesAgo(59 - index),
      requests,
      errors: index === 58 ? 1 : 0,
      anonymous_errors: index === 30 ? 1 : 0,
      p50_ms: requests ? 21 : null,
      p95_ms: requests ? 96 : null,
    };
  }),
};
