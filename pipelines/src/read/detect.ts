/**
 * A file's format from its header row. File names differ between states (IA's releases are
 * `Template.csv`, IL's dispensers `facility_dispenser.csv`), headers do not.
 */
import { headerKey } from './headers.js';

export type FileFormat =
  | 'epa-facility'
  | 'epa-tank'
  | 'epa-compartment'
  | 'epa-piping'
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
  if (has('lustid')) return 'epa-release';
  if (has('facilityid', 'actuallat')) return 'coordinate-corrections';
  if (!has('facilityid')) return null;
  if (has('pipingid')) return 'epa-piping';
  if (has('compartmentid') || has('compartmentsubstancestored')) return 'epa-compartment';
  if (has('tankid') && (has('tankstatus') || has('tankinstallationdate'))) return 'epa-tank';
  if (has('facilityname')) return 'epa-facility';
  return null;
}
