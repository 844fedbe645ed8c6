import type { AnalyticsStore } from '@ust/platform';

/**
 * Coverage keys (states, or TRIBAL: schemas coverageKeyOf) whose sources provided a release
 * table (docs/decisions/0037-leaks-not-reported.md): from the coverage each
 * import recorded, and for imports recorded before coverage was (or rows written without an
 * import row), the states their release rows lie in.
 */
export async function getReleaseCoveredStates(store: AnalyticsStore): Promise<Set<string>> {
  const rows = await store.query<{ state: string }>(
    `SELECT DISTINCT state FROM (
       SELECT arrayJoin(mapKeys(mapFilter((state, tables) -> has(tables, 'releases'), tables_by_state))) AS state
       FROM imports FINAL
       UNION ALL
       SELECT DISTINCT if(startsWith(release_id, 'TRIBAL-'), 'TRIBAL', toString(state)) AS state
       FROM releases
       WHERE import_id NOT IN (SELECT import_id FROM imports FINAL WHERE notEmpty(tables_by_state))
     )
     ORDER BY state`,
  );
  return new Set(rows.map((row) => row.state));
}
