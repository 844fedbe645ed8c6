-- Every try of every webhook delivery (docs/decisions/0122-webhooks.md): the admin console's
-- delivery log, and its dead-letter list (the last try of a delivery that never succeeded,
-- dead = 1). The receiver's host only: a URL's path and query are its owner's.

CREATE TABLE IF NOT EXISTS webhook_deliveries (
  delivery_id String,
  owner_id String,
  webhook_id String,
  host String,
  attempt UInt16,
  at DateTime64(3, 'UTC'),
  ok UInt8,
  status Nullable(UInt16),
  error Nullable(String),
  duration_ms UInt32,
  alerts UInt32,
  dead UInt8
) ENGINE = MergeTree
ORDER BY (at, delivery_id);
