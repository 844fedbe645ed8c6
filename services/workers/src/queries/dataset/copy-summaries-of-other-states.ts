import type { AnalyticsStore } from '@ust/platform';
import { getSummaryKeyBounds } from './get-summary-key-bounds.js';

/**
 * Facilities copied per statement. One statement for a whole national version holds the engine's
 * insert blocks of up to 256 MB at once; a range at a time bounds that, and the memory is
 * released between ranges (decision 0118).
 */
export const SUMMARY_COPY_ROWS = 50_000;

/**
 * Copies the facility_summary rows of every state but `states` from version `from` into version
 * `to`, inside ClickHouse, one key range at a time: a build that rebuilds only some states keeps
 * the others' rows as the version before derived them.
 */
export async function copySummariesOfOtherStates(
  store: AnalyticsStore,
  from: number,
  to: number,
  states: readonly string[],
  rowsPerStatement = SUMMARY_COPY_ROWS,
): Promise<void> {
  const bounds = await getSummaryKeyBounds(store, from, rowsPerStatement);
  const starts = ['', ...bounds];
  for (const [index, start] of starts.entries()) {
    const end = starts[index + 1];
    // Filtered in a subquery: ClickHouse would read `dataset_version` in an outer WHERE as the alias, the new version.
    await store.command(
      `INSERT INTO facility_summary
       SELECT * REPLACE (toUInt32({to:UInt32}) AS dataset_version)
       FROM (
         SELECT * FROM facility_summary FINAL
         WHERE dataset_version = {from:UInt32} AND state NOT IN {states:Array(String)}
           AND facility_id >= {start:String} ${end === undefined ? '' : 'AND facility_id < {end:String}'}
       )`,
      { from, to, states, start, ...(end === undefined ? {} : { end }) },
    );
  }
}
