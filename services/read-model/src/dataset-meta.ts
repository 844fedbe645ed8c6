/**
 * Which build a dataset version is (`v{n}:meta`), and the format of the derived data a build
 * writes.
 */
import type { SourceCounts } from '@ust/schemas';

/**
 * What a rebuild produces, as a number. Raise it whenever a rebuild gains or changes an output:
 * a data directory whose live version was built with a lower format is then rebuilt from its
 * tables at start instead of serving without the new output.
 */
export const DERIVED_DATA_FORMAT = 14;

/** `v{n}:meta`: which build a version is. */
export interface DatasetBuildMeta {
  dataset_version: number;
  /** DERIVED_DATA_FORMAT of the build (absent: built before formats were recorded). */
  format?: number;
  generated_at: string;
  /** The risk model every stored score of the build comes from (absent: built before models were recorded, risk-v1). */
  risk_model?: string;
  import_id: string | null;
  facilities: number;
  tanks: number;
  releases: number;
  sources: SourceCounts;
  /** How far the committed imports went when the build began: the next build derives again only the states imported since. */
  imports_through?: { committed_through: string | null; imports: number };
  /** Every age and score of the build is as of this instant (absent: built before it was recorded, generated_at). */
  ages_as_of?: string;
  /** A build that derived only some states again: the version it copied every other state from, and those states. Null: it derived everything. */
  rebuilt_states?: { base_version: number; states: string[] } | null;
}

/** The risk model a build's stored scores come from; a build from before models were recorded scored with risk-v1. */
/** The instant a build's ages and scores are as of. */
export const agesAsOfBuild = (meta: DatasetBuildMeta): string => meta.ages_as_of ?? meta.generated_at;

export const riskModelOfBuild = (meta: DatasetBuildMeta): string => meta.risk_model ?? 'risk-v1';
