-- Messages the consumers parked on a dead-letter topic, one row each, written by the ingest
-- service's dead-letters consumer so that admins can count them and read why (System Health).
-- Keyed by where the message sits on its dead-letter topic: a replayed batch adds no rows.
CREATE TABLE IF NOT EXISTS dead_letters (
  topic LowCardinality(String),
  topic_partition UInt32,
  topic_offset UInt64,
  dead_lettered_at DateTime64(3, 'UTC'),
  source_topic LowCardinality(String),
  reason String,
  message_key String,
  inserted_at DateTime64(3, 'UTC') DEFAULT now64(3)
) ENGINE = ReplacingMergeTree
PARTITION BY toDate(dead_lettered_at)
ORDER BY (dead_lettered_at, topic, topic_partition, topic_offset)
TTL toDateTime(dead_lettered_at) + INTERVAL 30 DAY;
