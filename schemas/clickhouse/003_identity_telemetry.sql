-- Users and telemetry (DESIGN.md sections 4-6). Log and activity rows are keyed by their
-- event id (ReplacingMergeTree, read with FINAL), so a batch redelivered after a consumer crash
-- adds no rows (DECISIONS.md 23). Telemetry partitions are days; the 90-day TTL is the default
-- of TELEMETRY_TTL_DAYS, which ingest applies at start when it differs.

-- One row per change of a user; the highest version is the user's current state.
CREATE TABLE IF NOT EXISTS users (
  id String,
  auth0_user_id String,
  email String,
  name Nullable(String),
  role LowCardinality(String),
  is_active Bool,
  created_at DateTime64(3, 'UTC'),
  last_login Nullable(DateTime64(3, 'UTC')),
  version UInt64
) ENGINE = ReplacingMergeTree(version)
ORDER BY id;

-- Browser log entries (source 'client') and the gateway's request log (source 'gateway').
-- Ordered by time first: the admin list reads the newest rows.
CREATE TABLE IF NOT EXISTS logs (
  event_id UUID,
  timestamp DateTime64(3, 'UTC'),
  received_at DateTime64(3, 'UTC'),
  source LowCardinality(String),
  level LowCardinality(String),
  category LowCardinality(String),
  message String,
  context String,
  user_id Nullable(String),
  session_id Nullable(String),
  url Nullable(String),
  user_agent Nullable(String),
  method LowCardinality(Nullable(String)),
  endpoint LowCardinality(Nullable(String)),
  status_code Nullable(UInt16),
  duration_ms Nullable(Float64),
  request_id Nullable(String),
  inserted_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = ReplacingMergeTree
PARTITION BY toDate(timestamp)
ORDER BY (timestamp, event_id)
TTL toDateTime(timestamp) + INTERVAL 90 DAY;

CREATE TABLE IF NOT EXISTS user_activities (
  event_id UUID,
  timestamp DateTime64(3, 'UTC'),
  activity_type LowCardinality(String),
  auth0_user_id Nullable(String),
  user_role LowCardinality(Nullable(String)),
  email Nullable(String),
  name Nullable(String),
  session_id Nullable(String),
  facility_id Nullable(String),
  release_id Nullable(String),
  location_lat Nullable(Float64),
  location_lon Nullable(Float64),
  page Nullable(String),
  details String,
  inserted_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = ReplacingMergeTree
PARTITION BY toDate(timestamp)
ORDER BY (timestamp, event_id)
TTL toDateTime(timestamp) + INTERVAL 90 DAY;

-- Per-minute figures per source and endpoint, kept by a materialized view as log rows arrive.
-- Counts are distinct event ids, so a redelivered batch does not count twice; the latency
-- digest may see a redelivered request twice, which moves a quantile by at most one sample.
CREATE TABLE IF NOT EXISTS metrics_1m (
  minute DateTime('UTC'),
  source LowCardinality(String),
  endpoint LowCardinality(String),
  entries AggregateFunction(uniqExact, UUID),
  errors AggregateFunction(uniqExactIf, UUID, UInt8),
  duration_digest AggregateFunction(quantilesTDigest(0.5, 0.95, 0.99), Float64),
  duration_sum SimpleAggregateFunction(sum, Float64),
  duration_count SimpleAggregateFunction(sum, UInt64)
) ENGINE = AggregatingMergeTree
PARTITION BY toDate(minute)
ORDER BY (minute, source, endpoint)
TTL minute + INTERVAL 90 DAY;

CREATE MATERIALIZED VIEW IF NOT EXISTS metrics_1m_from_logs TO metrics_1m AS
SELECT
  toStartOfMinute(timestamp) AS minute,
  source,
  ifNull(endpoint, '') AS endpoint,
  uniqExactState(event_id) AS entries,
  uniqExactIfState(event_id, level = 'ERROR') AS errors,
  quantilesTDigestStateIf(0.5, 0.95, 0.99)(ifNull(duration_ms, 0), duration_ms IS NOT NULL) AS duration_digest,
  sum(ifNull(duration_ms, 0)) AS duration_sum,
  toUInt64(countIf(duration_ms IS NOT NULL)) AS duration_count
FROM logs
GROUP BY minute, source, endpoint;
