import type { FacilityRecord, RejectedRow, ReleaseRecord, TankRecord } from '@ust/schemas';

/** What readers and the generator yield: a record for one table, or a rejected source row. */
export type DatasetItem =
  | { kind: 'facility'; record: FacilityRecord }
  | { kind: 'tank'; record: TankRecord }
  | { kind: 'release'; record: ReleaseRecord }
  | { kind: 'reject'; record: RejectedRow };

/** Stamped on every record of one import. */
export interface ImportContext {
  importId: string;
  /** Record version: the import's start time in ms, so a later import wins. */
  version: number;
  /** Directory that each record's `source` path is relative to. */
  sourceRoot: string;
  /** Ages are computed as of this date. */
  asOf: Date;
}
