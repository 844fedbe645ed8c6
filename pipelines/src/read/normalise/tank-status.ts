/**
 * Tank status -> the three states the product counts (active tanks = 'Currently in use').
 * Every spelling found in the fixture states is listed; the source text is kept beside it in
 * `source_tank_status`.
 */
export type TankStatus = 'Currently in use' | 'Temporarily out of service' | 'Closed';

const IN_USE: TankStatus = 'Currently in use';
const OUT_OF_SERVICE: TankStatus = 'Temporarily out of service';
const CLOSED: TankStatus = 'Closed';

/** Keys are lower-cased with runs of spaces collapsed. */
const STATUS_BY_SPELLING: ReadonlyMap<string, TankStatus | null> = new Map<string, TankStatus | null>([
  // EPA template (DC) and UST Finder
  ['currently in use', IN_USE],
  ['temporarily out of service', OUT_OF_SERVICE],
  ['temporarily out of use', OUT_OF_SERVICE],
  ['closed (removed from ground)', CLOSED],
  ['close (removed from ground)', CLOSED],
  ['closed (in place)', CLOSED],
  ['closed', CLOSED],
  ['permanently out of use', CLOSED],
  ['permanently out of service', CLOSED],
  // The 2025 template's value for a closure it does not detail (Utah's workbook).
  ['closed (general)', CLOSED],
  // An abandoned tank was never closed properly but is out of use for good: it is not an
  // active tank, and it counts with the closed ones as UST Finder's Closed USTs do.
  ['abandoned', CLOSED],
  // Delaware
  ['in service', IN_USE],
  // Delaware has no "temporarily": its permanent closures are 'Removed' or 'Closed in Place',
  // so 'Out Of Service' is the temporary state.
  ['out of service', OUT_OF_SERVICE],
  ['removed', CLOSED],
  ['closed in place', CLOSED],
  // Vermont
  ['active', IN_USE],
  ['pulled', CLOSED],
  // DC's 'Other' says nothing about use.
  ['other', null],
]);

export type TankStatusResult =
  | { kind: 'status'; value: TankStatus | null }
  | { kind: 'blank' }
  /** A spelling not in the table: reported so that the table grows with new states. */
  | { kind: 'unknown' };

export function normaliseTankStatus(value: string | undefined): TankStatusResult {
  const key = (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  if (key === '' || key === 'unknown') return { kind: 'blank' };
  const status = STATUS_BY_SPELLING.get(key);
  return status === undefined ? { kind: 'unknown' } : { kind: 'status', value: status };
}
