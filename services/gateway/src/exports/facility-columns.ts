/**
 * The columns of the facility exports: what the map's facility table and the search results
 * show, plus the record's source and whether it is a generated demo record (data honesty:
 * generated records are labelled in every export, as they are on screen).
 */
import { approximateLocationLabel, type FacilityListItem, type LocatedBy, type SearchFacility } from '@ust/schemas';
import type { CsvColumn } from './csv-writer.js';
import { pointFeature, type PointFeature } from './geojson-writer.js';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** A leak flag as the table words it; null when the state's source has no release table (docs/decisions/0037-leaks-not-reported.md). */
const leakText = (value: boolean | null) => (value === null ? 'Not reported' : yesNo(value));

const column = <Row>(header: string, cell: (row: Row) => unknown): CsvColumn<Row> => ({ header, cell });

const LOCATED_BY_TEXT = { coordinates: 'Coordinates', address: 'Address point' } as const;
/**
 * How the point was found, as the dialog words it: 'Approximate location (ZIP 21201)' for a
 * point placed at a ZIP or town (docs/decisions/0110-located-by.md); empty without a point.
 */
function locatedByText(record: { located_by: LocatedBy | null; zip_code: string | null; city: string | null; state: string }): string | null {
  if (record.located_by === 'coordinates' || record.located_by === 'address') return LOCATED_BY_TEXT[record.located_by];
  return approximateLocationLabel(record);
}

/** The map panel's table (docs/product.md section 2), in its order, then the source columns. */
export const REGION_FACILITY_COLUMNS: ReadonlyArray<CsvColumn<FacilityListItem>> = [
  column('Facility ID', (row) => row.Facility_ID),
  column('Name', (row) => row.Name),
  column('Address', (row) => row.Address),
  column('City', (row) => row.City),
  column('County', (row) => row.County),
  column('State', (row) => row.State),
  column('Zip Code', (row) => row.Zip_Code),
  column('Latitude', (row) => row.Latitude),
  column('Longitude', (row) => row.Longitude),
  column('Located By', (row) => locatedByText({ located_by: row.LOCATED_BY, zip_code: row.Zip_Code, city: row.City, state: row.State })),
  column('FIPS', (row) => row.FIPS),
  column('Mapping Method', (row) => row.MAPPING_METHOD),
  column('Has Leak', (row) => leakText(row.HAS_LEAK)),
  column('Total Tanks', (row) => row.TOTAL_TANK_COUNT),
  column('Active Tanks', (row) => row.ACTIVE_TANK_COUNT),
  column('Avg Tank Age', (row) => row.AVG_TANK_AGE),
  column('Max Tank Age', (row) => row.MAX_TANK_AGE),
  column('Protection Score', (row) => row.PROTECTION_SCORE),
  column('Total Leaks', (row) => row.TOTAL_LEAK_COUNT),
  column('Total Capacity (gal)', (row) => row.TOTAL_CAPACITY),
  column('Risk Score', (row) => row.RISK_SCORE),
  column('Source', (row) => row.source),
  column('Generated Demo Record', (row) => yesNo(row.is_generated)),
];

export function regionFacilityFeature(row: FacilityListItem): PointFeature {
  const { Latitude, Longitude, ...properties } = row;
  return pointFeature(row.Facility_ID, Longitude, Latitude, properties);
}

/** The search results' cards (docs/product.md section 2), closest first, then the source columns. */
export const SEARCH_FACILITY_COLUMNS: ReadonlyArray<CsvColumn<SearchFacility>> = [
  column('Facility ID', (row) => row.id),
  column('Name', (row) => row.name),
  column('Address', (row) => row.address),
  column('City', (row) => row.city),
  column('State', (row) => row.state),
  column('Zip Code', (row) => row.zip_code),
  column('Latitude', (row) => row.latitude),
  column('Longitude', (row) => row.longitude),
  column('Located By', (row) => locatedByText(row)),
  column('County FIPS', (row) => row.county_fips),
  // Never under 1 from an approximate point: the 'Located By' column says which.
  column('Distance (mi)', (row) => row.distance_miles),
  column('Risk Score', (row) => row.risk_score),
  column('Total Tanks', (row) => row.tank_count),
  column('Active Tanks', (row) => row.active_tank_count),
  column('Has Leaks', (row) => leakText(row.has_leaks)),
  column('Total Leaks', (row) => row.leak_count),
  column('Lowest Premium (USD)', (row) => row.pricing.lowest_premium),
  column('Best Carrier', (row) => row.pricing.best_carrier),
  column('Source', (row) => row.source),
  column('Generated Demo Record', (row) => yesNo(row.is_generated)),
];

export function searchFacilityFeature(row: SearchFacility): PointFeature {
  const { latitude, longitude, pricing, ...properties } = row;
  return pointFeature(row.id, longitude, latitude, { ...properties, lowest_premium: pricing.lowest_premium, best_carrier: pricing.best_carrier });
}
