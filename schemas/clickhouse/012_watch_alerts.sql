-- Alerts on watched items (docs/decisions/0120-watch-alerts.md): one row per owner and alert,
-- the alert id a hash of the item, the change and the dataset version, so evaluating a version
-- again writes the same rows and the table keeps one. Read newest first per owner.

CREATE TABLE IF NOT EXISTS watch_alerts (
  owner_id String,
  alert_id String,
  dataset_version UInt32,
  created_at DateTime64(3, 'UTC'),
  alert String
) ENGINE = ReplacingMergeTree
ORDER BY (owner_id, alert_id);
