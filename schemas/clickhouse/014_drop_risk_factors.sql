-- The assessment behind each score is no longer stored with the summaries
-- (docs/decisions/0126-risk-assessment-not-stored.md): GET /api/facilities/{id} computes it with
-- the live build's model and as-of date, and the column was three quarters of every summary
-- row's bytes, written, merged and copied by every rebuild.
ALTER TABLE facility_summary DROP COLUMN IF EXISTS risk_factors;
