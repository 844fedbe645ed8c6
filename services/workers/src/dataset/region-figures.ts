/**
 * Turns the sums and counts of the region aggregate queries into the figures of a region
 * feature (RegionProperties without the names). docs/data-model.md ('Derived fields') defines
 * each figure.
 */
import type { RegionProperties } from '@ust/schemas';
import type { FacilityAggregateRow, ReleaseAggregateRow } from '../queries/dataset/region-aggregate-rows.js';

export type RegionFigures = Omit<RegionProperties, 'NAME' | 'STATE' | 'state' | 'COUNTY' | 'GEO_ID'>;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const percent = (part: number, whole: number) => (whole > 0 ? round((100 * part) / whole, 1) : 0);

/** Sums two rows of the same region (e.g. two spellings of one state's code). */
export function mergeFacilityAggregates(a: FacilityAggregateRow, b: FacilityAggregateRow): FacilityAggregateRow {
  const maxAge = a.max_tank_age === null ? b.max_tank_age : b.max_tank_age === null ? a.max_tank_age : Math.max(a.max_tank_age, b.max_tank_age);
  return {
    region: a.region,
    total_facilities: a.total_facilities + b.total_facilities,
    facilities_with_leaks: a.facilities_with_leaks + b.facilities_with_leaks,
    reported_facilities: a.reported_facilities + b.reported_facilities,
    state_source_facilities: a.state_source_facilities + b.state_source_facilities,
    total_tanks: a.total_tanks + b.total_tanks,
    active_tanks: a.active_tanks + b.active_tanks,
    age_tank_count: a.age_tank_count + b.age_tank_count,
    tank_age_sum: a.tank_age_sum + b.tank_age_sum,
    max_tank_age: maxAge,
    scored_facilities: a.scored_facilities + b.scored_facilities,
    protection_score_sum: a.protection_score_sum + b.protection_score_sum,
    risk_scored_facilities: a.risk_scored_facilities + b.risk_scored_facilities,
    risk_score_sum: a.risk_score_sum + b.risk_score_sum,
    total_capacity: a.total_capacity + b.total_capacity,
    total_leaks: a.total_leaks + b.total_leaks,
    generated_facilities: a.generated_facilities + b.generated_facilities,
  };
}

export function mergeReleaseAggregates(a: ReleaseAggregateRow, b: ReleaseAggregateRow): ReleaseAggregateRow {
  return {
    region: a.region,
    total_releases: a.total_releases + b.total_releases,
    state_source_releases: a.state_source_releases + b.state_source_releases,
    open_releases: a.open_releases + b.open_releases,
    closed_releases: a.closed_releases + b.closed_releases,
    generated_releases: a.generated_releases + b.generated_releases,
  };
}

/**
 * Rows keyed by `keyOf(row.region)` (rows whose key is undefined are dropped), merging rows
 * that share a key. Numbers are coerced because 64-bit sums may arrive as strings.
 */
export function indexAggregates<Row extends { region: string }>(
  rows: readonly Row[],
  keyOf: (region: string) => string | undefined,
  merge: (a: Row, b: Row) => Row,
): Map<string, Row> {
  const index = new Map<string, Row>();
  for (const raw of rows) {
    const key = keyOf(raw.region);
    if (key === undefined) continue;
    const row = coerceNumbers(raw);
    const existing = index.get(key);
    index.set(key, existing ? merge(existing, row) : row);
  }
  return index;
}

function coerceNumbers<Row extends { region: string }>(row: Row): Row {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = key === 'region' || value === null ? value : Number(value);
  return out as Row;
}

export function regionFigures(facilities: FacilityAggregateRow | undefined, releases: ReleaseAggregateRow | undefined): RegionFigures {
  const totalFacilities = facilities?.total_facilities ?? 0;
  const withLeaks = facilities?.facilities_with_leaks ?? 0;
  const reportedFacilities = facilities?.reported_facilities ?? 0;
  // A region has release data when one of its facilities' states had a release table or a
  // release lies in it; without, its release figures are unknown, not 0
  // (docs/decisions/0037-leaks-not-reported.md).
  const hasReleaseData = reportedFacilities > 0 || (releases?.total_releases ?? 0) > 0;
  const reported = <T>(value: T): T | null => (hasReleaseData ? value : null);
  // Releases of the state's export with none of its facilities (IA's export has no facility
  // table): the facilities counted are tribal-land ones only, so they give no leak rate.
  const facilityTableMissing = (facilities?.state_source_facilities ?? 0) === 0 && (releases?.state_source_releases ?? 0) > 0;
  const totalReleases = releases?.total_releases ?? 0;
  const openReleases = releases?.open_releases ?? 0;
  const ageCount = facilities?.age_tank_count ?? 0;
  const scored = facilities?.scored_facilities ?? 0;
  const riskScored = facilities?.risk_scored_facilities ?? 0;
  return {
    total_facilities: totalFacilities,
    facilities_with_leaks: facilityTableMissing ? null : reported(withLeaks),
    // Over the facilities whose leaks are reported; null without any (e.g. releases only).
    leak_rate: hasReleaseData && !facilityTableMissing && reportedFacilities > 0 ? percent(withLeaks, reportedFacilities) : null,
    total_tanks: facilities?.total_tanks ?? 0,
    active_tanks: facilities?.active_tanks ?? 0,
    avg_tank_age: ageCount > 0 ? round(facilities!.tank_age_sum / ageCount, 1) : null,
    max_tank_age: facilities?.max_tank_age ?? null,
    avg_protection_score: scored > 0 ? round(facilities!.protection_score_sum / scored, 1) : null,
    // Null only for a region without scored facilities, e.g. a version built before migration 004.
    avg_risk_score: riskScored > 0 ? round(facilities!.risk_score_sum / riskScored, 1) : null,
    total_capacity: Math.round(facilities?.total_capacity ?? 0),
    total_leaks: reported(facilities?.total_leaks ?? 0),
    has_facility_data: totalFacilities > 0 && !facilityTableMissing,
    has_release_data: hasReleaseData,
    total_releases: reported(totalReleases),
    open_releases: reported(openReleases),
    closed_releases: reported(releases?.closed_releases ?? 0),
    open_release_rate: reported(percent(openReleases, totalReleases)),
    generated_share: totalFacilities > 0 ? round((facilities?.generated_facilities ?? 0) / totalFacilities, 4) : 0,
  };
}
