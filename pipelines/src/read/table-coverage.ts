/**
 * Which tables an import's source provided, per state
 * (docs/decisions/0037-leaks-not-reported.md). A state is covered for a table when the import
 * yielded at least one record of it there: the rebuild reads a state without release records as
 * "not reported" rather than "no leaks". Tribal-land records count under one key of their own:
 * the tribal layer's releases say nothing of a state's export.
 */
import type { DatasetItem } from '../dataset-item.js';
import { coverageKeyOf, DATASET_TABLES, type DatasetTable } from '@ust/schemas';

const TABLE_OF = { facility: 'facilities', tank: 'tanks', release: 'releases' } as const;

export class TableCoverage {
  readonly #tables = new Map<string, Set<DatasetTable>>();

  add(item: DatasetItem): void {
    if (item.kind === 'reject') return;
    const id = item.kind === 'release' ? item.record.release_id : item.record.facility_id;
    const state = coverageKeyOf(id, item.record.state);
    let tables = this.#tables.get(state);
    if (!tables) this.#tables.set(state, (tables = new Set()));
    tables.add(TABLE_OF[item.kind]);
  }

  /** States in code order, each with its tables in DATASET_TABLES order. */
  byState(): Record<string, DatasetTable[]> {
    const states = [...this.#tables.keys()].sort();
    return Object.fromEntries(states.map((state) => [state, DATASET_TABLES.filter((table) => this.#tables.get(state)!.has(table))]));
  }
}

/**
 * The generator provides every table for each state it writes, even where a small scale drew
 * no release for a state: its zero releases are a reported zero.
 */
export function generatedCoverage(coverage: Record<string, DatasetTable[]>): Record<string, DatasetTable[]> {
  return Object.fromEntries(Object.keys(coverage).map((state) => [state, [...DATASET_TABLES]]));
}
