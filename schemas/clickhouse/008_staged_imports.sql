-- Staged imports: ingest writes an import's records here, one partition per import, and the
-- commit consumer promotes them to the live tables in one INSERT ... SELECT per table, then drops
-- the partition. Readers only read the live tables, so an import that fails or is killed half-way
-- is never visible. Columns are the live table's, in the same order (promotion selects *): a
-- column added to a live table must be added here too. Plain MergeTree: a redelivered record
-- may appear twice here, the live table's ReplacingMergeTree collapses it.

CREATE TABLE IF NOT EXISTS facilities_staging (
  facility_id String,
  source_facility_id String,
  name Nullable(String),
  address Nullable(String),
  city Nullable(String),
  county Nullable(String),
  state LowCardinality(String),
  zip_code Nullable(String),
  latitude Nullable(Float64),
  longitude Nullable(Float64),
  coordinate_source Nullable(String),
  address_match_type Nullable(String),
  coordinate_repair Nullable(String),
  fips Nullable(String),
  mapping_method LowCardinality(Nullable(String)),
  owner_type Nullable(String),
  facility_type Nullable(String),
  facility_status Nullable(String),
  open_usts Nullable(Int32),
  closed_usts Nullable(Int32),
  tos_usts Nullable(Int32),
  land_use Nullable(String),
  population_1500ft Nullable(Int32),
  private_wells_1500ft Nullable(Int32),
  within_spa Nullable(Bool),
  spa_pws_facility_id Nullable(String),
  spa_water_type Nullable(String),
  spa_facility_type Nullable(String),
  within_whpa Nullable(Bool),
  whpa_pws_facility_id Nullable(String),
  whpa_water_type Nullable(String),
  whpa_facility_type Nullable(String),
  within_100yr_floodplain Nullable(Bool),
  epa_region Nullable(UInt8),
  tribe Nullable(String),
  date_of_last_inspection Nullable(Date32),
  source LowCardinality(String),
  source_line UInt32,
  import_id LowCardinality(String),
  version UInt64
) ENGINE = MergeTree
PARTITION BY import_id
ORDER BY facility_id;

CREATE TABLE IF NOT EXISTS tanks_staging (
  tank_id String,
  facility_id String,
  source_tank_id String,
  state LowCardinality(String),
  tank_status LowCardinality(Nullable(String)),
  source_tank_status Nullable(String),
  installation_date Nullable(Date32),
  removal_date Nullable(Date32),
  capacity_gallons Nullable(Float64),
  substances Nullable(String),
  tank_wall_type LowCardinality(Nullable(String)),
  material Nullable(String),
  corrosion_protection Nullable(String),
  secondary_containment Nullable(Bool),
  leak_detection Nullable(String),
  source LowCardinality(String),
  source_line UInt32,
  import_id LowCardinality(String),
  version UInt64
) ENGINE = MergeTree
PARTITION BY import_id
ORDER BY (facility_id, tank_id);

CREATE TABLE IF NOT EXISTS releases_staging (
  release_id String,
  lust_id String,
  facility_id Nullable(String),
  name Nullable(String),
  address Nullable(String),
  city Nullable(String),
  county Nullable(String),
  state LowCardinality(String),
  zip_code Nullable(String),
  latitude Nullable(Float64),
  longitude Nullable(Float64),
  coordinate_source Nullable(String),
  address_match_type Nullable(String),
  coordinate_repair Nullable(String),
  fips Nullable(String),
  reported_date Nullable(Date32),
  nfa_date Nullable(Date32),
  status Nullable(String),
  status_class LowCardinality(String),
  substance Nullable(String),
  population_within_1500ft Nullable(Int32),
  domestic_wells_within_1500ft Nullable(Int32),
  land_use Nullable(String),
  within_spa Nullable(Bool),
  spa_pws_facility_id Nullable(String),
  spa_water_type Nullable(String),
  spa_facility_type Nullable(String),
  within_whpa Nullable(Bool),
  whpa_pws_facility_id Nullable(String),
  whpa_water_type Nullable(String),
  whpa_facility_type Nullable(String),
  within_100yr_floodplain Nullable(Bool),
  closed_with_residual_contamination Nullable(Bool),
  epa_region Nullable(UInt8),
  tribe Nullable(String),
  source LowCardinality(String),
  source_line UInt32,
  import_id LowCardinality(String),
  version UInt64
) ENGINE = MergeTree
PARTITION BY import_id
ORDER BY release_id;

-- The outcome of an import: `committed` (its rows are live) or `failed` with the reason (file,
-- line and what was wrong); a failed import's rows never left staging. Warnings (values of
-- imported rows nulled or repaired) are counted apart from rejects (rows not imported).
ALTER TABLE imports ADD COLUMN IF NOT EXISTS status LowCardinality(String) DEFAULT 'committed', ADD COLUMN IF NOT EXISTS failure Nullable(String), ADD COLUMN IF NOT EXISTS warnings UInt32 DEFAULT 0, ADD COLUMN IF NOT EXISTS warnings_by_reason Map(String, UInt32);
