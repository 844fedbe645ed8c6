import type { AnalyticsStore } from '@ust/platform';

/**
 * Copies the facility_summary rows of every state but `states` from version `from` into version
 * `to`, inside ClickHouse: a build that rebuilds only some states keeps the others' rows as the
 * version before derived them.
 */
export async function copySummariesOfOtherStates(store: AnalyticsStore, from: number, to: number, states: readonly string[]): Promise<void> {
  // Filtered in a subquery: ClickHouse would read `dataset_version` in an outer WHERE as the alias, the new version.
  await store.command(
    `INSERT INTO facility_summary
     SELECT * REPLACE (toUInt32({to:UInt32}) AS dataset_version)
     FROM (SELECT * FROM facility_summary FINAL WHERE dataset_version = {from:UInt32} AND state NOT IN {states:Array(String)})`,
    { from, to, states },
  );
}
