import type { CountyLocator } from '@ust/domain';
import type { ImportContext } from '../dataset-item.js';
import type { RealCountsByState } from './fill.js';

export interface GenerateOptions {
  /** Same seed and options give byte-identical output. */
  seed: number;
  /**
   * Fraction of the national dataset: 1 = national (~742,844 facilities), 0.01 = one in a
   * hundred in every state.
   * @defaultValue 1
   */
  scale?: number;
  /** States (USPS codes) skipped entirely. */
  excludeStates: readonly string[];
  /**
   * Records the real imports hold per state: each state's targets are reduced by them, so
   * generation fills only what is missing (fill.ts).
   * @defaultValue no real records
   */
  realCounts?: RealCountsByState;
  /** Stamped on every record; `source` is 'generated' and `source_line` 0 regardless. */
  context: ImportContext;
  locator: CountyLocator;
}

export type PlanOptions = Omit<GenerateOptions, 'context' | 'locator'>;
