-- How a record's point was found (docs/decisions/0110-located-by.md): 'coordinates' (the
-- source's own), 'address' (a facility's point at the same address or linked by id), 'zip' (the
-- ZIP centroid) or 'place' (the town centre), the last two approximate; NULL without a point.
-- Rows written before this migration had only the source's own coordinates, hence the default.
-- The staging tables take the column at the same position as the live tables, because
-- promotion selects * (008_staged_imports.sql).
ALTER TABLE facilities ADD COLUMN IF NOT EXISTS located_by LowCardinality(Nullable(String)) DEFAULT if(latitude IS NULL, NULL, 'coordinates') AFTER coordinate_repair;
ALTER TABLE facilities_staging ADD COLUMN IF NOT EXISTS located_by LowCardinality(Nullable(String)) DEFAULT if(latitude IS NULL, NULL, 'coordinates') AFTER coordinate_repair;
ALTER TABLE releases ADD COLUMN IF NOT EXISTS located_by LowCardinality(Nullable(String)) DEFAULT if(latitude IS NULL, NULL, 'coordinates') AFTER coordinate_repair;
ALTER TABLE releases_staging ADD COLUMN IF NOT EXISTS located_by LowCardinality(Nullable(String)) DEFAULT if(latitude IS NULL, NULL, 'coordinates') AFTER coordinate_repair;
-- The summary copies the facility's point, so it copies how the point was found: the map draws
-- only exact points and the proximity answers flag approximate ones.
ALTER TABLE facility_summary ADD COLUMN IF NOT EXISTS located_by LowCardinality(Nullable(String)) DEFAULT if(latitude IS NULL, NULL, 'coordinates') AFTER longitude;
