-- Risk scores of each dataset version (docs/risk-model.md), written by the rebuild's
-- facility-summaries step beside the other derived fields. Rows of versions built before this
-- migration keep null / '' until the next rebuild.
-- calculated_risk_score: 1-10. risk_factors: the RiskAssessment as JSON
-- ({score, band, model_version, factors}), so a score is explained by the model that made it.
ALTER TABLE facility_summary ADD COLUMN IF NOT EXISTS calculated_risk_score Nullable(UInt8) AFTER open_leak_count;
ALTER TABLE facility_summary ADD COLUMN IF NOT EXISTS risk_factors String DEFAULT '' AFTER calculated_risk_score;
