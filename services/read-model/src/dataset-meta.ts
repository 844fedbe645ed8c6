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
export const DERIVED_DATA_FORMAT = 12;

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
}

/** The risk model a build's stored scores come from; a build from before models were recorded scored with risk-v1. */
export const riskModelOfBuild = (meta: DatasetBuildMeta): string => meta.risk_model ?? 'risk-v1';
