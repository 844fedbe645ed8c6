/**
 * Reject reasons, one string each, so that the import summary counts rows per reason. A row
 * whose reason ends in "set to null" or "(repaired)" is still imported; the others are not.
 */
import type { RejectedRow } from '@ust/schemas';
import type { DatasetItem } from '../dataset-item.js';
import type { CoordinateProblem } from './normalise/coordinates.js';

export const REJECT = {
  missingId: 'missing id',
  duplicateId: 'duplicate id',
  facilityMissing: 'facility does not exist',
  unknownState: 'missing or unknown state',
  unknownStateFolderUsed: "unknown state, the source folder's state used",
  unparseableDate: 'unparseable date, field set to null',
  placeholderDate: 'placeholder date, field set to null',
  futureDate: 'date in the future, field set to null',
  invalidZip: 'invalid ZIP code, field set to null',
  unparseableNumber: 'unparseable number, field set to null',
  unparseableFlag: 'unparseable Yes/No, field set to null',
  unknownTankStatus: 'unknown tank status, tank_status set to null',
  unusedCorrection: 'coordinate correction for a facility that does not exist',
  unparseableCorrection: 'unparseable coordinate correction, not applied',
  unmappedColumn: 'column not mapped, left out of the import',
  otherKindOfRow: "a row of another kind in the state's file, left out",
  linkedByAddress: 'linked to its facility by street address and ZIP',
  // How a record without coordinates was placed (placement.ts): warnings, the row is imported.
  placedAtAddress: 'no coordinates, placed at an address point',
  placedAtZip: 'no coordinates, placed at the ZIP centroid (approximate)',
  placedAtPlace: 'no coordinates, placed at the town centre (approximate)',
  notPlaced: 'no coordinates and no address, ZIP or town to place it',
} as const;

export type RejectReason = (typeof REJECT)[keyof typeof REJECT] | CoordinateProblem;

/**
 * The reasons that keep a row out of the tables. Every other reason is a warning: the row is
 * imported with the value nulled, repaired or taken from elsewhere, so it counts as accepted.
 */
const ROW_NOT_IMPORTED: ReadonlySet<string> = new Set([
  REJECT.missingId,
  REJECT.duplicateId,
  REJECT.facilityMissing,
  REJECT.unknownState,
  REJECT.unusedCorrection,
  REJECT.unparseableCorrection,
  REJECT.otherKindOfRow,
]);

/** True when a reject row of this reason means its source row was not imported. */
export const rejectsRow = (reason: string): boolean => ROW_NOT_IMPORTED.has(reason);

/** The reject rows of one source row. */
export class RowRejects {
  readonly rows: RejectedRow[] = [];

  constructor(
    readonly file: string,
    readonly line: number,
  ) {}

  add(field: string, value: string | null | undefined, reason: RejectReason): void {
    this.rows.push({ file: this.file, line: this.line, field, value: value ?? null, reason });
  }

  items(): DatasetItem[] {
    return this.rows.map((record) => ({ kind: 'reject', record }));
  }
}
