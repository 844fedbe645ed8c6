-- Which tables each import's source provided, per state (DECISIONS.md 37): a state whose
-- source has no release table reads "not reported" rather than "no leaks". Imports recorded
-- before this migration have an empty map; the rebuild then infers their coverage from the
-- releases they wrote.
ALTER TABLE imports ADD COLUMN IF NOT EXISTS tables_by_state Map(String, Array(String)) AFTER rejects_by_reason;

-- Whether a facility's state had release data in the version: false makes HAS_LEAK null and
-- leaves the facility out of leak rates. Rows of versions built before this migration read true
-- until the next rebuild.
ALTER TABLE facility_summary ADD COLUMN IF NOT EXISTS leak_reported Bool DEFAULT true AFTER has_leak;
