-- What users and operators start and then follow, kept where every replica reaches it
-- (docs/decisions/0106-shared-job-state.md): import manifests, import and replay run records
-- and screening records in job_records, one JSON document per (kind, id) whose latest revision
-- wins; a screening's rows and results and an import's rejects in their own tables, one line
-- each. Readers use FINAL (or take the latest revision), so a record rewritten as a job goes is
-- read whole and current.

CREATE TABLE IF NOT EXISTS job_records (
  kind LowCardinality(String),
  id String,
  record String,
  revision UInt64
) ENGINE = ReplacingMergeTree(revision)
ORDER BY (kind, id);

CREATE TABLE IF NOT EXISTS screening_rows (
  screening_id String,
  row_index UInt32,
  row String
) ENGINE = ReplacingMergeTree
ORDER BY (screening_id, row_index);

CREATE TABLE IF NOT EXISTS screening_results (
  screening_id String,
  dataset_version UInt64,
  row_index UInt32,
  result String
) ENGINE = ReplacingMergeTree
ORDER BY (screening_id, dataset_version, row_index);

CREATE TABLE IF NOT EXISTS import_rejects (
  import_id String,
  seq UInt64,
  reject String
) ENGINE = ReplacingMergeTree
ORDER BY (import_id, seq);
