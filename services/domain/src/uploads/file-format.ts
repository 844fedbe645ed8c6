/**
 * A file's format from its header row. File names differ between states (IA's releases are
 * `Template.csv`, IL's dispensers `facility_dispenser.csv`), headers do not. The importer reads
 * by it, and the gateway checks an upload with it before an import is queued.
 */

/**
 * The comparison key of a header: lower-case letters and digits only. States spell the same
 * template column as `FACILITYID`, `FacilityID` or `Facility ID`, and Illinois writes
 * ` FacilityState` with a leading space.
 */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export type FileFormat =
  | 'epa-facility'
  | 'epa-tank'
  | 'epa-compartment'
  | 'epa-piping'
  | 'epa-tank-substance'
  | 'epa-release'
  | 'coordinate-corrections'
  | 'finder-facility'
  | 'finder-tank'
  | 'finder-release';

/** Null for files that hold no records of ours: dispensers, IA's lookup tables, unknown files. */
export function detectFormat(headers: readonly string[]): FileFormat | null {
  const keys = new Set(headers.map(headerKey));
  const has = (...names: string[]) => names.every((name) => keys.has(name));
  if (has('landlocationid', 'locationid')) {
    if (has('lustid')) return 'finder-release';
    if (has('tankid')) return 'finder-tank';
    if (has('name')) return 'finder-facility';
    return null;
  }
  if (has('lustid') || has('releaseid', 'reporteddate')) return 'epa-release';
  if (has('facilityid', 'actuallat')) return 'coordinate-corrections';
  if (!has('facilityid')) return null;
  if (has('pipingid')) return 'epa-piping';
  if (has('compartmentid') || has('compartmentsubstancestored')) return 'epa-compartment';
  if (has('tankid') && (has('tankstatus') || has('tankinstallationdate'))) return 'epa-tank';
  // A workbook's Tank Substance sheet: one row per substance of a tank.
  if (has('tankid', 'substance')) return 'epa-tank-substance';
  if (has('facilityname')) return 'epa-facility';
  return null;
}
