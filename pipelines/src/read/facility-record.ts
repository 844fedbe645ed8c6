/**
 * A facility record from a row of either format: the alias table names the columns of both,
 * and a column a format lacks reads as null.
 */
import type { FacilityRecord } from '@ust/schemas';
import type { FacilityField } from './aliases.js';
import type { SourceRow } from './headers.js';
import { locate, type CoordinateCorrection } from './location.js';
import { provenance, type ReadContext, type SourceFile } from './read-context.js';
import type { RowRejects } from './rejects.js';
import { addressField, dateField, integerField, textField, zipField } from './row-fields.js';

export interface FacilityKey {
  facility_id: string;
  source_facility_id: string;
  state: string;
}

export function buildFacilityRecord(
  row: SourceRow<FacilityField>,
  key: FacilityKey,
  file: SourceFile,
  context: ReadContext,
  rejects: RowRejects,
  correction?: CoordinateCorrection,
): FacilityRecord {
  const location = locate(context.locator, row, { latitude: 'latitude', longitude: 'longitude' }, key.state, textField(row, 'county'), rejects, correction);
  return {
    facility_id: key.facility_id,
    source_facility_id: key.source_facility_id,
    name: textField(row, 'name'),
    address: addressField(row, 'address1', 'address2'),
    city: textField(row, 'city'),
    county: location.county,
    state: key.state,
    zip_code: zipField(row, 'zip', rejects),
    latitude: location.latitude,
    longitude: location.longitude,
    coordinate_source: textField(row, 'coordinateSource'),
    address_match_type: null,
    coordinate_repair: location.coordinate_repair,
    // Set by the reader once the record's facility link is known (placement.ts).
    located_by: null,
    fips: location.fips,
    mapping_method: location.mapping_method,
    owner_type: textField(row, 'ownerType'),
    facility_type: textField(row, 'facilityType'),
    facility_status: textField(row, 'facilityStatus'),
    open_usts: integerField(row, 'openUsts', rejects),
    closed_usts: integerField(row, 'closedUsts', rejects),
    tos_usts: integerField(row, 'tosUsts', rejects),
    // Receptor fields (land use, population, wells, SPA/WHPA, floodplain) come from UST
    // Finder's national analysis, which neither the state exports nor the tribal files carry.
    land_use: null,
    population_1500ft: null,
    private_wells_1500ft: null,
    within_spa: null,
    spa_pws_facility_id: null,
    spa_water_type: null,
    spa_facility_type: null,
    within_whpa: null,
    whpa_pws_facility_id: null,
    whpa_water_type: null,
    whpa_facility_type: null,
    within_100yr_floodplain: null,
    epa_region: integerField(row, 'epaRegion', rejects),
    tribe: textField(row, 'tribe'),
    date_of_last_inspection: dateField(row, 'lastInspection', rejects, context.import.asOf),
    ...provenance(file, row.line, context.import),
  };
}
