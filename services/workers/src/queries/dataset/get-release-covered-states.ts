import type { AnalyticsStore } from '@ust/platform';

/** Coverage keys with release data, apart for real and for generated facilities. */
export interface ReleaseCoveredStates {
  real: Set<string>;
  generated: Set<string>;
}

/**
 * Coverage keys (states, or TRIBAL: schemas coverageKeyOf) whose sources provided a release
 * table (docs/decisions/0037-leaks-not-reported.md): from the coverage each import recorded,
 * and for imports recorded before coverage was (or rows written without an import row), the
 * states their release rows lie in. Real and generated sources count apart
 * (docs/decisions/0111-national-demo-real-records.md): a state's generated releases say
 * nothing of its real facilities' leaks, nor its real releases (which link to real facilities
 * only) of its generated facilities'.
 */
export async function getReleaseCoveredStates(store: AnalyticsStore): Promise<ReleaseCoveredStates> {
  const rows = await store.query<{ generated: number; state: string }>(
    `SELECT DISTINCT generated, state FROM (
       SELECT toUInt8(has(sources, 'generated')) AS generated,
              arrayJoin(mapKeys(mapFilter((state, tables) -> has(tables, 'releases'), tables_by_state))) AS state
       FROM imports FINAL
       UNION ALL
       SELECT DISTINCT toUInt8(source = 'generated') AS generated, if(startsWith(release_id, 'TRIBAL-'), 'TRIBAL', toString(state)) AS state
       FROM releases
       WHERE import_id NOT IN (SELECT import_id FROM imports FINAL WHERE notEmpty(tables_by_state))
     )
     ORDER BY generated, state`,
  );
  const covered: ReleaseCoveredStates = { real: new Set(), generated: new Set() };
  for (const row of rows) covered[Number(row.generated) === 1 ? 'generated' : 'real'].add(row.state);
  return covered;
}
