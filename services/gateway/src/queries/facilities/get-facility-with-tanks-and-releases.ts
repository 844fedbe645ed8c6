import type { AnalyticsStore } from '@ust/platform';
import type { FacilityRecord, ReleaseRecord, TankRecord } from '@ust/schemas';

export interface FacilityWithTanksAndReleases {
  facility: FacilityRecord;
  /** In tank id order. */
  tanks: TankRecord[];
  /** Newest report first. */
  releases: ReleaseRecord[];
  /**
   * Whether the facility's state had release data in the build `version` (its facility_summary
   * row, docs/decisions/0037-leaks-not-reported.md); null when that build has no row for it.
   */
  leakReported: boolean | null;
}

/**
 * A facility, its tanks and its releases (current versions) in one statement: chDB runs one
 * statement at a time and each statement has a fixed cost of its own, so the three branches of
 * one UNION ALL answer sooner than three statements would. Releases are narrowed to the
 * facility's release ids before FINAL (FINAL over a non-key column scans the table); the outer
 * facility_id filter drops a release whose latest version links another facility. Each row
 * comes back as JSON text.
 */
export async function getFacilityWithTanksAndReleases(
  store: AnalyticsStore,
  facilityId: string,
  version: number,
): Promise<FacilityWithTanksAndReleases | undefined> {
  const rows = await store.query<{ kind: 'facility' | 'tank' | 'release' | 'summary'; json: string }>(
    `SELECT 'facility' AS kind, formatRowNoNewline('JSONEachRow', *) AS json FROM facilities FINAL WHERE facility_id = {id:String}
     UNION ALL
     SELECT 'tank', formatRowNoNewline('JSONEachRow', *) FROM tanks FINAL WHERE facility_id = {id:String}
     UNION ALL
     SELECT 'release', formatRowNoNewline('JSONEachRow', *) FROM releases FINAL
     WHERE release_id IN (SELECT release_id FROM releases WHERE facility_id = {id:String}) AND facility_id = {id:String}
     UNION ALL
     SELECT 'summary', toString(leak_reported) FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32} AND facility_id = {id:String}`,
    { id: facilityId, version },
  );
  let facility: FacilityRecord | undefined;
  const tanks: TankRecord[] = [];
  const releases: ReleaseRecord[] = [];
  let leakReported: boolean | null = null;
  for (const row of rows) {
    if (row.kind === 'summary') leakReported = row.json === 'true';
    else if (row.kind === 'facility') facility = JSON.parse(row.json) as FacilityRecord;
    else if (row.kind === 'tank') tanks.push(JSON.parse(row.json) as TankRecord);
    else releases.push(JSON.parse(row.json) as ReleaseRecord);
  }
  if (!facility) return undefined;
  tanks.sort((a, b) => a.tank_id.localeCompare(b.tank_id));
  releases.sort((a, b) => (b.reported_date ?? '').localeCompare(a.reported_date ?? '') || a.release_id.localeCompare(b.release_id));
  return { facility, tanks, releases, leakReported };
}
