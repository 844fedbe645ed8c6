import type { AnalyticsStore } from '@ust/platform';

/** Records of one table in a state from one source file ('generated' for the generator's). */
export interface StateSourceRow {
  state: string;
  table: 'facilities' | 'tanks' | 'releases';
  source: string;
  /** 1 for tribal-land records (ids `TRIBAL-...`). */
  tribal: number;
  records: number;
}

/**
 * Facilities and tanks of one dataset version, counted as the statistics count them (the
 * facility summaries; a tank under its facility's file), and every release, per state and source
 * file; then the real tank files per state with no count of their own, so a state's sources name
 * them too.
 */
export async function getStateSourceCounts(store: AnalyticsStore, version: number): Promise<StateSourceRow[]> {
  const rows = await store.query<StateSourceRow>(
    `SELECT toString(state) AS state, 'facilities' AS table, toString(source) AS source,
            toUInt8(startsWith(facility_id, 'TRIBAL-')) AS tribal, count() AS records
     FROM facility_summary FINAL WHERE dataset_version = {version:UInt32} GROUP BY state, source, tribal
     UNION ALL
     SELECT toString(state) AS state, 'tanks' AS table, toString(source) AS source,
            toUInt8(startsWith(facility_id, 'TRIBAL-')) AS tribal, sum(total_tank_count) AS records
     FROM facility_summary FINAL WHERE dataset_version = {version:UInt32} GROUP BY state, source, tribal
     UNION ALL
     SELECT toString(state) AS state, 'tanks' AS table, toString(source) AS source,
            toUInt8(startsWith(facility_id, 'TRIBAL-')) AS tribal, 0 AS records
     FROM tanks WHERE source != 'generated' GROUP BY state, source, tribal
     UNION ALL
     SELECT toString(state) AS state, 'releases' AS table, toString(source) AS source,
            toUInt8(startsWith(release_id, 'TRIBAL-')) AS tribal, count() AS records
     FROM releases FINAL GROUP BY state, source, tribal`,
    { version },
  );
  return rows.map((row) => ({ ...row, tribal: Number(row.tribal), records: Number(row.records) }));
}
