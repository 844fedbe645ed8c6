-- What users make and keep (docs/decisions/0119-watchlists.md): saved preferences, watchlists
-- and their watched items, one JSON document per (owner, kind, id) whose latest revision wins;
-- a deleted document is a revision with deleted = 1. Ordered by owner, so one user's state is
-- one range, and by kind, so the alert job reads every watched item of every user in one scan.

CREATE TABLE IF NOT EXISTS user_records (
  owner_id String,
  kind LowCardinality(String),
  id String,
  record String,
  deleted UInt8,
  revision UInt64
) ENGINE = ReplacingMergeTree(revision)
ORDER BY (owner_id, kind, id);
