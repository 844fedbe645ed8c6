/**
 * facility_summary columns under the spec's FacilityListItem keys, shared by the two list
 * queries so both return FacilityListItem rows as they are. A constant, never input.
 */
export const FACILITY_LIST_ITEM_COLUMNS = `
  facility_id AS Facility_ID, name AS Name, address AS Address, city AS City, county AS County,
  state AS State, zip_code AS Zip_Code, latitude AS Latitude, longitude AS Longitude,
  located_by AS LOCATED_BY, fips AS FIPS,
  mapping_method AS MAPPING_METHOD, if(leak_reported, has_leak, NULL) AS HAS_LEAK,
  if(leak_reported, 'reported', 'not_reported') AS leak_data, total_tank_count AS TOTAL_TANK_COUNT,
  active_tank_count AS ACTIVE_TANK_COUNT, avg_tank_age AS AVG_TANK_AGE, max_tank_age AS MAX_TANK_AGE,
  protection_score AS PROTECTION_SCORE, total_leak_count AS TOTAL_LEAK_COUNT,
  total_capacity AS TOTAL_CAPACITY, calculated_risk_score AS RISK_SCORE, source, is_generated`;
