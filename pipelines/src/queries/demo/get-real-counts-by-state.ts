import type { AnalyticsStore } from '@ust/platform';
import type { RealCountsByState } from '../../generate/index.js';

/**
 * The live real records per state and table: what the real imports were accepted with, each
 * record id once (the latest import's version). Tribal-land records are left out: EPA's
 * per-state measures, which the generated targets come from, do not count Indian Country.
 */
export async function getRealCountsByState(store: AnalyticsStore): Promise<RealCountsByState> {
  const rows = await store.query<{ state: string; table: 'facilities' | 'tanks' | 'releases'; records: number }>(
    `SELECT toString(state) AS state, 'facilities' AS table, count() AS records FROM facilities FINAL
       WHERE source != 'generated' AND NOT startsWith(facility_id, 'TRIBAL-') GROUP BY state
     UNION ALL
     SELECT toString(state) AS state, 'tanks' AS table, count() AS records FROM tanks FINAL
       WHERE source != 'generated' AND NOT startsWith(facility_id, 'TRIBAL-') GROUP BY state
     UNION ALL
     SELECT toString(state) AS state, 'releases' AS table, count() AS records FROM releases FINAL
       WHERE source != 'generated' AND NOT startsWith(release_id, 'TRIBAL-') GROUP BY state`,
  );
  const counts: Record<string, { facilities: number; tanks: number; releases: number }> = {};
  for (const row of rows) {
    const state = (counts[row.state] ??= { facilities: 0, tanks: 0, releases: 0 });
    state[row.table] = Number(row.records);
  }
  return counts;
}
