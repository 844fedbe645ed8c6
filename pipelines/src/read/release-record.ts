/** A release record from a row of either format. */
import type { ReleaseRecord } from '@ust/schemas';
import type { ReleaseField } from './aliases.js';
import type { SourceRow } from './headers.js';
import { locate } from './location.js';
import { releaseStatusClass } from './normalise/release-status.js';
import { joinDistinct } from './normalise/values.js';
import { provenance, type ReadContext, type SourceFile } from './read-context.js';
import type { RowRejects } from './rejects.js';
import { addressField, dateField, flagField, integerField, textField, zipField } from './row-fields.js';

export interface ReleaseKey {
  release_id: string;
  lust_id: string;
  /** Set only when the facility is part of the same source set. */
  facility_id: string | null;
  state: string;
}

const SUBSTANCE_FIELDS = ['substance', 'substance1', 'substance2', 'substance3', 'substance4', 'substance5'] as const;

export function buildReleaseRecord(row: SourceRow<ReleaseField>, key: ReleaseKey, file: SourceFile, context: ReadContext, rejects: RowRejects): ReleaseRecord {
  const location = locate(context.locator, row, { latitude: 'latitude', longitude: 'longitude' }, key.state, textField(row, 'county'), rejects);
  const status = textField(row, 'status');
  return {
    release_id: key.release_id,
    lust_id: key.lust_id,
    facility_id: key.facility_id,
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
    reported_date: dateField(row, 'reportedDate', rejects, context.import.asOf),
    nfa_date: dateField(row, 'nfaDate', rejects, context.import.asOf),
    status,
    status_class: releaseStatusClass(status),
    substance: joinDistinct(SUBSTANCE_FIELDS.map((field) => textField(row, field))),
    // Receptors come from UST Finder's national analysis; these exports do not carry them.
    population_within_1500ft: null,
    domestic_wells_within_1500ft: null,
    land_use: null,
    within_spa: null,
    spa_pws_facility_id: null,
    spa_water_type: null,
    spa_facility_type: null,
    within_whpa: null,
    whpa_pws_facility_id: null,
    whpa_water_type: null,
    whpa_facility_type: null,
    within_100yr_floodplain: null,
    closed_with_residual_contamination: flagField(row, 'closedWithContamination', rejects),
    epa_region: integerField(row, 'epaRegion', rejects),
    tribe: textField(row, 'tribe'),
    ...provenance(file, row.line, context.import),
  };
}
