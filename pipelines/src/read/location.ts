/**
 * Coordinates, their repairs and the county of a facility or release, with the reject rows
 * that go with them.
 */
import type { CountyLocator } from '@ust/domain';
import type { SourceRow } from './headers.js';
import { checkCoordinates } from './normalise/coordinates.js';
import { mapCounty, type MappingMethod } from './normalise/fips.js';
import type { RowRejects } from './rejects.js';

/** A state's own coordinate fix for one facility (Vermont's latlong.csv). */
export interface CoordinateCorrection {
  latitude: string;
  longitude: string;
  /** How the repair is named on the record, e.g. 'corrected from latlong.csv'. */
  repair: string;
}

export interface Location {
  latitude: number | null;
  longitude: number | null;
  coordinate_repair: string | null;
  fips: string | null;
  mapping_method: MappingMethod | null;
  county: string | null;
}

export function locate<F extends string>(
  locator: CountyLocator,
  row: SourceRow<F>,
  fields: { latitude: F; longitude: F },
  state: string,
  county: string | null,
  rejects: RowRejects,
  correction?: CoordinateCorrection,
): Location {
  const latitudeText = correction?.latitude ?? row.get(fields.latitude);
  const longitudeText = correction?.longitude ?? row.get(fields.longitude);
  const check = checkCoordinates(locator, latitudeText, longitudeText, state);
  const field = `${row.header(fields.latitude)},${row.header(fields.longitude)}`;
  for (const problem of check.problems) rejects.add(field, `${latitudeText ?? ''},${longitudeText ?? ''}`, problem);
  const repairs = correction ? [correction.repair, ...check.repairs] : check.repairs;
  const mapping = mapCounty(locator, check.county, state, county);
  return {
    latitude: check.latitude,
    longitude: check.longitude,
    coordinate_repair: repairs.length > 0 ? repairs.join('; ') : null,
    fips: mapping.fips,
    mapping_method: mapping.mappingMethod,
    county: mapping.county,
  };
}
