/**
 * Read-side shapes of the facility data (docs/product.md sections 3 and 7): what the
 * workers cache under a dataset version and the API returns. Keys keep the spec's spelling
 * (Facility_ID, TOTAL_TANK_COUNT, ...) because the web app and API users rely on them.
 */
import Type, { type Static } from 'typebox';
import { PricingInfo } from './pricing.js';
import { LOCATED_BY } from './dataset.js';

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/**
 * Whether the facility's state source provided a release table
 * (docs/decisions/0037-leaks-not-reported.md): without one, HAS_LEAK is null ("Not reported"),
 * not false.
 */
export const LeakData = Type.Enum(['reported', 'not_reported']);
export type LeakData = Static<typeof LeakData>;

/** Where the figures of a document came from: real files vs generated demo records. */
export const SourceCounts = Type.Object({
  real_facilities: Type.Integer(),
  generated_facilities: Type.Integer(),
  real_releases: Type.Integer(),
  generated_releases: Type.Integer(),
});
export type SourceCounts = Static<typeof SourceCounts>;

/** Records of one table in a state, by origin: real files or generated demo records. */
export const OriginCounts = Type.Object({ real: Type.Integer(), generated: Type.Integer() });
export type OriginCounts = Static<typeof OriginCounts>;

/**
 * A state's records are all real, partly real (real and generated side by side), or all
 * generated (docs/decisions/0111-national-demo-real-records.md).
 */
export const CoverageClass = Type.Enum(['real', 'partly_real', 'generated']);
export type CoverageClass = Static<typeof CoverageClass>;

/** A real file records of a state come from, and its date (null when nothing dates it). */
export const CoverageSource = Type.Object({
  file: Type.String(),
  /** YYYY-MM-DD, or YYYY-MM where only the month is known. */
  date: NullableString,
  /** 'file': the file's own date (a workbook's export stamp, a dated folder); 'retrieved': when it was copied from its public source. */
  date_kind: Type.Union([Type.Enum(['file', 'retrieved']), Type.Null()]),
  /** Tribal-land records (UST Finder's tribal layer) rather than the state's own export. */
  tribal: Type.Boolean(),
});
export type CoverageSource = Static<typeof CoverageSource>;

/** Where one state's records come from (the dashboard's table and the map's "Data coverage" layer). */
export const StateCoverage = Type.Object({
  /** USPS code. */
  state: Type.String(),
  /** 2-digit state FIPS code (the map's state shapes), empty for a code that names no state. */
  fips: Type.String(),
  name: Type.String(),
  coverage: CoverageClass,
  facilities: OriginCounts,
  tanks: OriginCounts,
  releases: OriginCounts,
  sources: Type.Array(CoverageSource),
});
export type StateCoverage = Static<typeof StateCoverage>;

export const FacilityStatistics = Type.Object(
  {
    total_facilities: Type.Integer(),
    total_tanks: Type.Integer(),
    active_tanks: Type.Integer(),
    /** Mean age in years of tanks with a known installation date, one decimal. */
    average_tank_age: Type.Number(),
    total_leaks: Type.Integer(),
    facilities_with_leaks: Type.Integer(),
    /** Facilities whose state source provided release data (docs/decisions/0037-leaks-not-reported.md). */
    facilities_with_release_data: Type.Integer(),
    /** facilities_with_leaks / facilities_with_release_data in percent, one decimal. */
    leak_rate: Type.Number(),
    /** Charts of the dashboard (docs/decisions/0015-dashboard-charts.md). */
    tanks_by_age_band: Type.Array(Type.Object({ band: Type.String(), tanks: Type.Integer() })),
    releases_by_year: Type.Array(Type.Object({ year: Type.Integer(), releases: Type.Integer() })),
    /** Facilities per risk band: low (1-3), moderate (4-6), high (7-10). */
    facilities_by_risk_band: Type.Array(Type.Object({ band: Type.String(), facilities: Type.Integer() })),
    dataset_version: Type.Integer(),
    generated_at: Type.String(),
    sources: SourceCounts,
    /** Per state, in code order; its real and generated counts sum to `sources`. */
    coverage: Type.Array(StateCoverage),
  },
  { $id: 'FacilityStatistics' },
);
export type FacilityStatistics = Static<typeof FacilityStatistics>;

/** Properties of one state or county feature of the region GeoJSON (docs/product.md section 3). */
export const RegionProperties = Type.Object(
  {
    NAME: Type.String(),
    /** State name for states; the state's USPS code for counties. */
    STATE: Type.String(),
    state: Type.String(),
    /** County name without "County"; empty for states. */
    COUNTY: Type.String(),
    /** 0400000US{state fips} for states, 0500000US{county fips} for counties. */
    GEO_ID: Type.String(),
    total_facilities: Type.Integer(),
    /** The release figures are null when has_release_data is false (docs/decisions/0037-leaks-not-reported.md). */
    facilities_with_leaks: NullableInteger,
    /** facilities_with_leaks over the facilities with release data, in percent. */
    leak_rate: NullableNumber,
    total_tanks: Type.Integer(),
    active_tanks: Type.Integer(),
    avg_tank_age: NullableNumber,
    max_tank_age: NullableNumber,
    /** 0-100. */
    avg_protection_score: NullableNumber,
    /** 1-10: mean of the facilities' risk scores, one decimal; null without scored facilities. */
    avg_risk_score: NullableNumber,
    total_capacity: Type.Number(),
    total_leaks: NullableInteger,
    /** False for a region without facility records (e.g. a state whose source has only releases). */
    has_facility_data: Type.Boolean(),
    /** False for a region whose sources provided no release table: its release figures are null. */
    has_release_data: Type.Boolean(),
    total_releases: NullableInteger,
    open_releases: NullableInteger,
    closed_releases: NullableInteger,
    open_release_rate: NullableNumber,
    /** Share of this region's facilities that are generated demo records, 0-1. */
    generated_share: Type.Number(),
  },
  { $id: 'RegionProperties' },
);
export type RegionProperties = Static<typeof RegionProperties>;

/** One row of the map's facility table (docs/product.md section 3, facility list item). */
export const FacilityListItem = Type.Object(
  {
    Facility_ID: Type.String(),
    Name: NullableString,
    Address: NullableString,
    City: NullableString,
    County: NullableString,
    State: Type.String(),
    Zip_Code: NullableString,
    Latitude: NullableNumber,
    Longitude: NullableNumber,
    /** How the point was found (docs/decisions/0110-located-by.md): 'zip' and 'place' are approximate. */
    LOCATED_BY: Type.Union([Type.Enum([...LOCATED_BY]), Type.Null()]),
    FIPS: NullableString,
    MAPPING_METHOD: NullableString,
    /** Null when the state's source provided no release table (leak_data 'not_reported'). */
    HAS_LEAK: Type.Union([Type.Boolean(), Type.Null()]),
    leak_data: LeakData,
    TOTAL_TANK_COUNT: Type.Integer(),
    ACTIVE_TANK_COUNT: Type.Integer(),
    AVG_TANK_AGE: NullableNumber,
    MAX_TANK_AGE: NullableNumber,
    /** 0-100 (the details dialog shows it on 1-10, docs/data-model.md). */
    PROTECTION_SCORE: NullableNumber,
    TOTAL_LEAK_COUNT: Type.Integer(),
    TOTAL_CAPACITY: Type.Number(),
    /** 1-10 (docs/risk-model.md), as the details dialog shows it; null before the first scored build. */
    RISK_SCORE: Type.Union([Type.Integer({ minimum: 1, maximum: 10 }), Type.Null()]),
    /** The source file, or 'generated' for demo records: shown in the UI. */
    source: Type.String(),
    is_generated: Type.Boolean(),
  },
  { $id: 'FacilityListItem' },
);
export type FacilityListItem = Static<typeof FacilityListItem>;

/** GET /facilities/by-fips/{fips}. */
export const FacilitiesByFipsParams = Type.Object({ fips: Type.String({ pattern: '^[0-9]{5}$', description: '5-digit county FIPS (state + county code)' }) });
export type FacilitiesByFipsParams = Static<typeof FacilitiesByFipsParams>;

/**
 * Every facility of a county: the body of GET /facilities/by-fips/{fips}, which the workers
 * prebuild and the gateway sends as stored (`v{n}:fac:county:{fips}`).
 */
export const CountyFacilitiesResponse = Type.Object({
  facilities: Type.Array(FacilityListItem),
  /** us-atlas name; null for a FIPS that us-atlas does not know. */
  county: NullableString,
  /** USPS code of the FIPS's state; null when unknown. */
  state: NullableString,
  fips: Type.String(),
  total: Type.Integer(),
  dataset_version: Type.Integer(),
});
export type CountyFacilitiesResponse = Static<typeof CountyFacilitiesResponse>;

/** The by-state list's default length, whose response body the workers prebuild. */
export const DEFAULT_STATE_LIST_LIMIT = 50;

/** GET /facilities/by-state/{state}?limit=. */
export const FacilitiesByStateParams = Type.Object({ state: Type.String({ pattern: '^[A-Za-z]{2}$', description: 'USPS state code, e.g. DE' }) });
export type FacilitiesByStateParams = Static<typeof FacilitiesByStateParams>;
export const FacilitiesByStateQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 1000, default: DEFAULT_STATE_LIST_LIMIT }) });
export type FacilitiesByStateQuery = Static<typeof FacilitiesByStateQuery>;

/**
 * The first facilities of a state, in facility_id order: the body of GET
 * /facilities/by-state/{state}, prebuilt for the default limit (`v{n}:fac:state:{ST}:default`).
 */
export const StateFacilitiesResponse = Type.Object({
  facilities: Type.Array(FacilityListItem),
  state: Type.String(),
  /** State name; null for a code outside STATE_CODES. */
  name: NullableString,
  /** All facilities of the state; `facilities` holds the first `limit`. */
  total: Type.Integer(),
  dataset_version: Type.Integer(),
});
export type StateFacilitiesResponse = Static<typeof StateFacilitiesResponse>;

/**
 * Per-facility derived figures (facility_summary table, one row per facility and dataset
 * version). The facility list item is the facility record plus these.
 */
export const FacilitySummary = Type.Object({
  facility_id: Type.String(),
  total_tank_count: Type.Integer(),
  active_tank_count: Type.Integer(),
  inactive_tank_count: Type.Integer(),
  tos_tank_count: Type.Integer(),
  avg_tank_age: NullableNumber,
  max_tank_age: NullableNumber,
  oldest_tank_year: Type.Union([Type.Integer(), Type.Null()]),
  newest_tank_year: Type.Union([Type.Integer(), Type.Null()]),
  total_capacity: Type.Number(),
  protection_score: NullableNumber,
  has_leak: Type.Boolean(),
  /** False when the facility's state had no release data: has_leak then means nothing. */
  leak_reported: Type.Boolean(),
  total_leak_count: Type.Integer(),
  open_leak_count: Type.Integer(),
});
export type FacilitySummary = Static<typeof FacilitySummary>;

/**
 * A facility's risk score with the factors behind it (docs/risk-model.md), so the UI can say
 * why a facility is 7/10. `factor` is a string rather than an enum: a later model version may
 * add factors without a schema change.
 */
export const RiskAssessment = Type.Object(
  {
    /** 1-10 (docs/product.md section 9). */
    score: Type.Integer({ minimum: 1, maximum: 10 }),
    /** 1-3 low, 4-6 moderate, 7-10 high. */
    band: Type.Enum(['low', 'moderate', 'high']),
    /** The weights and thresholds the score came from, e.g. 'risk-v1'. */
    model_version: Type.String(),
    /** A fitted model's predicted probability of a release within its window (risk-v2); absent for a points model. */
    probability: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    /** The window of `probability`, in years; absent for a points model. */
    horizon_years: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Every factor that was scored, in the model's order; value null means unknown. */
    factors: Type.Array(
      Type.Object({
        factor: Type.String(),
        value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
        points: Type.Number(),
      }),
    ),
  },
  { $id: 'RiskAssessment' },
);
export type RiskAssessment = Static<typeof RiskAssessment>;

/**
 * The facility details dialog (docs/product.md section 3): the named fields first, then
 * every other field of the record ("shown generically"), its tanks and releases, and where
 * it came from.
 */
export const FacilityDetails = Type.Object(
  {
    Facility_ID: Type.String(),
    Name: NullableString,
    Address: NullableString,
    City: NullableString,
    State: Type.String(),
    Zip_Code: NullableString,
    County: NullableString,
    FIPS: NullableString,
    Latitude: NullableNumber,
    Longitude: NullableNumber,
    /** How the point was found (docs/decisions/0110-located-by.md); null without a point. */
    located_by: Type.Union([Type.Enum([...LOCATED_BY]), Type.Null()]),
    /** 'Approximate location (ZIP 21201)' for a point placed at a ZIP or town; null otherwise. */
    location_note: NullableString,
    TOTAL_TANK_COUNT: Type.Integer(),
    ACTIVE_TANK_COUNT: Type.Integer(),
    INACTIVE_TANK_COUNT: Type.Integer(),
    /** Null when the state's source provided no release table (leak_data 'not_reported'). */
    HAS_LEAK: Type.Union([Type.Boolean(), Type.Null()]),
    leak_data: LeakData,
    TOTAL_LEAK_COUNT: Type.Integer(),
    /** 1-10 for display (0-100 score mapped as docs/data-model.md says); null when unknown. */
    PROTECTION_SCORE: NullableNumber,
    /** The 0-100 score behind PROTECTION_SCORE. */
    PROTECTION_SCORE_100: NullableNumber,
    /** 1-10, the same as risk.score (docs/risk-model.md). */
    calculated_risk_score: NullableNumber,
    /** calculated_risk_score with its band, model version and factor breakdown. */
    risk: RiskAssessment,
    /** Indicative quotes of up to four carriers (docs/product.md section 3 'Pricing info'). */
    pricing: PricingInfo,
    AVERAGE_TANK_AGE: NullableNumber,
    OLDEST_TANK_YEAR: Type.Union([Type.Integer(), Type.Null()]),
    NEWEST_TANK_YEAR: Type.Union([Type.Integer(), Type.Null()]),
    /** Every other field of the facility record, keyed by its UST Finder name. */
    other_fields: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
    tanks: Type.Array(
      Type.Object({
        Tank_ID: Type.String(),
        Tank_Status: NullableString,
        Installation_Date: NullableString,
        Removal_Date: NullableString,
        Capacity: NullableNumber,
        Substances: NullableString,
        Tank_Wall_Type: NullableString,
      }),
    ),
    releases: Type.Array(
      Type.Object({
        LUST_ID: Type.String(),
        release_id: Type.String(),
        Reported_Date: NullableString,
        Status: NullableString,
        /** The badge colour's class: Open, No Further Action or Other (docs/decisions/0011-release-status-badge.md). */
        Status_Class: Type.Enum(['Open', 'No Further Action', 'Other']),
        Substance: NullableString,
      }),
    ),
    source: Type.String(),
    is_generated: Type.Boolean(),
    import_id: Type.String(),
  },
  { $id: 'FacilityDetails' },
);
export type FacilityDetails = Static<typeof FacilityDetails>;

/** GET /facilities/{id}. */
export const FacilityIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'National facility id, e.g. DE-1-000001' }) });
export type FacilityIdParams = Static<typeof FacilityIdParams>;

/** The release details dialog (docs/product.md section 3 and docs/decisions/0010-release-fields.md). */
export const ReleaseDetails = Type.Object(
  {
    release_id: Type.String(),
    LUST_ID: Type.String(),
    Facility_ID: NullableString,
    Name: NullableString,
    Address: NullableString,
    City: NullableString,
    County: NullableString,
    State: Type.String(),
    Zip_Code: NullableString,
    Latitude: NullableNumber,
    Longitude: NullableNumber,
    /** How the point was found (docs/decisions/0110-located-by.md); null without a point. */
    located_by: Type.Union([Type.Enum([...LOCATED_BY]), Type.Null()]),
    /** 'Approximate location (ZIP 21201)' for a point placed at a ZIP or town; null otherwise. */
    location_note: NullableString,
    Coordinate_Source: NullableString,
    Address_Match_Type: NullableString,
    Reported_Date: NullableString,
    NFA_Date: NullableString,
    Status: NullableString,
    /** Badge colour: Open red, No Further Action green, Other amber (docs/decisions/0011-release-status-badge.md). */
    Status_Class: Type.Enum(['Open', 'No Further Action', 'Other']),
    Substance: NullableString,
    Population_within_1500ft: Type.Union([Type.Integer(), Type.Null()]),
    DomesticWells_within_1500ft: Type.Union([Type.Integer(), Type.Null()]),
    LandUse: NullableString,
    Within_SPA: Type.Union([Type.Boolean(), Type.Null()]),
    SPA_PWS_FacilityID: NullableString,
    SPA_Water_Type: NullableString,
    SPA_Facility_Type: NullableString,
    Within_WHPA: Type.Union([Type.Boolean(), Type.Null()]),
    WHPA_PWS_FacilityID: NullableString,
    WHPA_Water_Type: NullableString,
    WHPA_Facility_Type: NullableString,
    Within_100yr_Floodplain: Type.Union([Type.Boolean(), Type.Null()]),
    Tribe: NullableString,
    EPA_Region: Type.Union([Type.Integer(), Type.Null()]),
    Closed_With_Residual_Contaminat: Type.Union([Type.Boolean(), Type.Null()]),
    source: Type.String(),
    is_generated: Type.Boolean(),
    import_id: Type.String(),
  },
  { $id: 'ReleaseDetails' },
);
export type ReleaseDetails = Static<typeof ReleaseDetails>;

/** GET /releases/{id}. */
export const ReleaseIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200, description: 'National release id, e.g. DC-2017018' }) });
export type ReleaseIdParams = Static<typeof ReleaseIdParams>;
