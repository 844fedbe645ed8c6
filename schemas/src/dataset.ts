/**
 * Dataset records as they travel on the dataset topics and land in ClickHouse: one row shape
 * per table (facilities, tanks, releases). Field names follow EPA UST Finder's data dictionary
 * (pipelines/fixtures/reference/ust-finder-2021-service-fields.json) in snake_case. Dates are ISO
 * `YYYY-MM-DD` strings or null; unknown values are null, never the text 'Unknown'.
 */
import Type, { type Static } from 'typebox';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const NullableDate = Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), Type.Null()]);
/** Yes / No / unknown (null). */
const NullableFlag = Type.Union([Type.Boolean(), Type.Null()]);

/** Where every record came from, and which import wrote which version of it. */
export const RecordProvenance = {
  /** The file the record was read from (relative path), or 'generated' for demo records. */
  source: Type.String({ minLength: 1 }),
  /** Line in the source file (1-based, header = 1); 0 for generated records. */
  source_line: Type.Integer({ minimum: 0 }),
  import_id: Type.String({ minLength: 1 }),
  /** Higher versions replace lower ones (ReplacingMergeTree); an import's start time in ms. */
  version: Type.Integer({ minimum: 1 }),
};

/** How a record's point was found, most exact first. */
export const LOCATED_BY = ['coordinates', 'address', 'zip', 'place'] as const;
export type LocatedBy = (typeof LOCATED_BY)[number];

/** Where a facility or release is: address, coordinates and how they were found. */
const SiteLocation = {
  name: NullableString,
  address: NullableString,
  city: NullableString,
  county: NullableString,
  /** Two-letter USPS code. */
  state: Type.String({ pattern: '^[A-Z]{2}$' }),
  /** Five digits, leading zeros restored. */
  zip_code: NullableString,
  latitude: NullableNumber,
  longitude: NullableNumber,
  coordinate_source: NullableString,
  address_match_type: NullableString,
  /** Repairs made to the coordinates, e.g. 'swapped latitude and longitude'; null when none. */
  coordinate_repair: NullableString,
  /**
   * How the point was found (docs/decisions/0110-located-by.md): the source's own 'coordinates',
   * an 'address' point (a facility with coordinates at the same address or linked by id), a
   * 'zip' centroid or a 'place' (town centre) of the local geocoder; the last two are
   * approximate. Null when the record has no point.
   */
  located_by: Type.Union([Type.Enum([...LOCATED_BY]), Type.Null()]),
  /** 5-digit county FIPS. */
  fips: NullableString,
};

/** Source-water and wellhead protection areas and the floodplain (EPA UST Finder receptors). */
const ProtectionAreas = {
  within_spa: NullableFlag,
  spa_pws_facility_id: NullableString,
  spa_water_type: NullableString,
  spa_facility_type: NullableString,
  within_whpa: NullableFlag,
  whpa_pws_facility_id: NullableString,
  whpa_water_type: NullableString,
  whpa_facility_type: NullableString,
  within_100yr_floodplain: NullableFlag,
};

export const FacilityRecord = Type.Object({
  /** National key: `{STATE}-{state facility id}`, or `TRIBAL-{land location}-{location}`. */
  facility_id: Type.String({ minLength: 1 }),
  /** The id exactly as the source spells it. */
  source_facility_id: Type.String({ minLength: 1 }),
  ...SiteLocation,
  /** How `fips` was found: 'point in county', 'county name', or null when it was not. */
  mapping_method: NullableString,
  owner_type: NullableString,
  facility_type: NullableString,
  facility_status: NullableString,
  open_usts: NullableInteger,
  closed_usts: NullableInteger,
  tos_usts: NullableInteger,
  land_use: NullableString,
  population_1500ft: NullableInteger,
  private_wells_1500ft: NullableInteger,
  ...ProtectionAreas,
  epa_region: NullableInteger,
  tribe: NullableString,
  date_of_last_inspection: NullableDate,
  ...RecordProvenance,
});
export type FacilityRecord = Static<typeof FacilityRecord>;

export const TankRecord = Type.Object({
  /** `{facility_id}/{source tank id}`. */
  tank_id: Type.String({ minLength: 1 }),
  facility_id: Type.String({ minLength: 1 }),
  source_tank_id: Type.String({ minLength: 1 }),
  state: Type.String({ pattern: '^[A-Z]{2}$' }),
  /** Normalised: 'Currently in use', 'Temporarily out of service', 'Closed', or null. */
  tank_status: NullableString,
  /** The status exactly as the source spells it. */
  source_tank_status: NullableString,
  installation_date: NullableDate,
  removal_date: NullableDate,
  capacity_gallons: NullableNumber,
  /** Substances stored, '; '-separated. */
  substances: NullableString,
  /** 'Single wall', 'Double wall', or the source's text. */
  tank_wall_type: NullableString,
  material: NullableString,
  corrosion_protection: NullableString,
  secondary_containment: NullableFlag,
  leak_detection: NullableString,
  ...RecordProvenance,
});
export type TankRecord = Static<typeof TankRecord>;

export const ReleaseRecord = Type.Object({
  /**
   * National key: `{STATE}-{LUST id}`; tribal `TRIBAL-{land location}-{location}-{LUST id}`,
   * because tribal LUST ids repeat across sites ('Release 1').
   */
  release_id: Type.String({ minLength: 1 }),
  lust_id: Type.String({ minLength: 1 }),
  /** The facility this release belongs to, when the source names one. */
  facility_id: NullableString,
  ...SiteLocation,
  reported_date: NullableDate,
  nfa_date: NullableDate,
  /** As the source says it (e.g. 'Open', 'No further action', 'Active: general'). */
  status: NullableString,
  /** 'Open', 'No Further Action' or 'Other': the badge colour of the UI. */
  status_class: Type.Enum(['Open', 'No Further Action', 'Other']),
  substance: NullableString,
  population_within_1500ft: NullableInteger,
  domestic_wells_within_1500ft: NullableInteger,
  land_use: NullableString,
  ...ProtectionAreas,
  closed_with_residual_contamination: NullableFlag,
  epa_region: NullableInteger,
  tribe: NullableString,
  ...RecordProvenance,
});
export type ReleaseRecord = Static<typeof ReleaseRecord>;

/** One rejected source row (JSON lines in the rejects report). */
export const RejectedRow = Type.Object({
  file: Type.String(),
  line: Type.Integer({ minimum: 1 }),
  field: Type.String(),
  value: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
});
export type RejectedRow = Static<typeof RejectedRow>;

/** The record tables an import can provide. */
export const DATASET_TABLES = ['facilities', 'tanks', 'releases'] as const;
export type DatasetTable = (typeof DATASET_TABLES)[number];

/** The coverage key of tribal-land records: one source (UST Finder's tribal layer) across states. */
export const TRIBAL_COVERAGE_KEY = 'TRIBAL';

/**
 * Whose tables a record's coverage counts in: its state's export, or the tribal layer for
 * tribal-land records (keys `TRIBAL-...`), which brings its own release table to any state.
 */
export function coverageKeyOf(recordId: string, state: string): string {
  return recordId.startsWith(`${TRIBAL_COVERAGE_KEY}-`) ? TRIBAL_COVERAGE_KEY : state;
}

/**
 * Tables the import's source provided, per USPS state code or TRIBAL_COVERAGE_KEY
 * (docs/decisions/0037-leaks-not-reported.md). Optional because commits published before it
 * existed are still in the log and replayable.
 */
export const TablesByState = Type.Record(Type.String({ pattern: '^([A-Z]{2}|TRIBAL)$' }), Type.Array(Type.Enum([...DATASET_TABLES])), {
  additionalProperties: false,
});
export type TablesByState = Static<typeof TablesByState>;
/**
 * What an import read: records per table, rows rejected (not imported), and warnings (values of
 * imported rows nulled or repaired), so records + rejects = rows read.
 */
export const ImportCounts = Type.Object({
  facilities: Type.Integer(),
  tanks: Type.Integer(),
  releases: Type.Integer(),
  rejects: Type.Integer(),
  /** Absent from events published before warnings were counted apart from rejects. */
  warnings: Type.Optional(Type.Integer()),
});
export type ImportCounts = Static<typeof ImportCounts>;

/** Follows the last record of an import on `ust.dataset.committed.v1`. */
export const ImportCommitted = Type.Object({
  import_id: Type.String(),
  version: Type.Integer(),
  sources: Type.Array(Type.String()),
  counts: ImportCounts,
  rejects_by_reason: Type.Record(Type.String(), Type.Integer()),
  tables_by_state: Type.Optional(TablesByState),
  /** Absent from commits published before warnings were counted apart from rejects. */
  warnings_by_reason: Type.Optional(Type.Record(Type.String(), Type.Integer())),
  /**
   * Each record topic's end offsets once every record of the import was acknowledged: ingest
   * promotes the import after its record writer has consumed up to them. Absent from commits
   * published before offsets were recorded (ingest then counts the import's rows instead).
   */
  record_end_offsets: Type.Optional(Type.Record(Type.String(), Type.Array(Type.Object({ partition: Type.Integer(), offset: Type.String() })))),
  committed_at: Type.String(),
  /**
   * True for an import of a series whose last import's rebuild derives it too (the demo's first
   * start): ingest records the commit and enqueues no rebuild. Absent means a rebuild follows.
   */
  rebuild_with_a_later_import: Type.Optional(Type.Boolean()),
});
export type ImportCommitted = Static<typeof ImportCommitted>;

/**
 * Published on `ust.dataset.failed.v1` instead of the commit when an import stops (a malformed
 * file, an unreadable source): ingest records it as failed and drops its staged records.
 */
export const ImportFailed = Type.Object({
  import_id: Type.String(),
  version: Type.Integer(),
  sources: Type.Array(Type.String()),
  /** File, line and what was wrong, e.g. `DE/compartment.csv, line 412: unclosed quote ...`. */
  reason: Type.String(),
  /** What was read before it stopped. */
  counts: ImportCounts,
  failed_at: Type.String(),
});
export type ImportFailed = Static<typeof ImportFailed>;
