-- Derived data of each dataset version, written by the rebuild-dataset job (services/workers).
-- docs/data-model.md ('Derived fields', 'Cache layout') describes the fields and how they are used.

-- One row per facility and dataset version. The facility's list-item fields (name, address,
-- coordinates, source) are copied in, so every document of a version comes from one snapshot
-- even when an import lands during the rebuild. age_tank_count and tank_age_sum let regions
-- average ages per tank. One partition per version: old versions are dropped whole.
CREATE TABLE IF NOT EXISTS facility_summary (
  dataset_version UInt32,
  facility_id String,
  state LowCardinality(String),
  fips Nullable(String),
  is_generated Bool,
  source LowCardinality(String),
  name Nullable(String),
  address Nullable(String),
  city Nullable(String),
  county Nullable(String),
  zip_code Nullable(String),
  latitude Nullable(Float64),
  longitude Nullable(Float64),
  mapping_method LowCardinality(Nullable(String)),
  total_tank_count UInt32,
  active_tank_count UInt32,
  inactive_tank_count UInt32,
  tos_tank_count UInt32,
  avg_tank_age Nullable(Float64),
  max_tank_age Nullable(Float64),
  oldest_tank_year Nullable(Int32),
  newest_tank_year Nullable(Int32),
  total_capacity Float64,
  protection_score Nullable(Float64),
  has_leak Bool,
  total_leak_count UInt32,
  open_leak_count UInt32,
  age_tank_count UInt32,
  tank_age_sum Float64,
  built_at DateTime64(3, 'UTC')
) ENGINE = ReplacingMergeTree(built_at)
PARTITION BY dataset_version
ORDER BY (dataset_version, facility_id);

-- One row per finished rebuild: which import triggered it, what it counted, how long each step took.
CREATE TABLE IF NOT EXISTS dataset_builds (
  dataset_version UInt32,
  import_id Nullable(String),
  job_id String,
  started_at DateTime64(3, 'UTC'),
  finished_at DateTime64(3, 'UTC'),
  facilities UInt32,
  tanks UInt64,
  releases UInt64,
  step_seconds Map(String, Float64)
) ENGINE = ReplacingMergeTree(finished_at)
ORDER BY dataset_version;
