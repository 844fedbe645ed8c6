/**
 * Step 1 of a rebuild: one facility_summary row per facility for the new version. Facilities
 * are read in pages by key (docs/decisions/0022-chdb-discipline.md) with the tanks and
 * releases of each page's key range, derived with @ust/domain's deriveFacility, scored with
 * calculateRiskScore and inserted page by page.
 */
import {
  AGE_BANDS,
  ageBand,
  calculateRiskScore,
  type AnyRiskModel,
  deriveFacility,
  RISK_BANDS,
  TANK_STATUS,
  yearsSince,
  type AgeBand,
  type RiskBand,
} from '@ust/domain';
import type { AnalyticsStore } from '@ust/platform';
import { coverageKeyOf } from '@ust/schemas';
import { getFacilityPage, type FacilityPageRow } from '../queries/dataset/get-facility-page.js';
import { getReleaseCoveredStates } from '../queries/dataset/get-release-covered-states.js';
import { getReleasesOfFacilityRange, type ReleaseInputRow } from '../queries/dataset/get-releases-of-facility-range.js';
import { getTanksOfFacilityRange, type TankInputRow } from '../queries/dataset/get-tanks-of-facility-range.js';
import { mapInSlices, readAhead, WriteBehind } from './read-ahead.js';

/** Facilities per page; a page's summary rows are one insert, under the 50,000-row limit. */
export const SUMMARY_PAGE_SIZE = 20_000;

/** A summary step's counts, of one state or of all. */
export interface SummaryTally {
  facilities: number;
  tanks: number;
  /** Active tanks with a known installation date per age band (the dashboard chart). */
  activeTanksByAgeBand: Record<AgeBand, number>;
  /** Facilities per risk band (the dashboard chart, docs/decisions/0015-dashboard-charts.md). */
  facilitiesByRiskBand: Record<RiskBand, number>;
}

/** The counts of every state, and their sum. */
export type SummaryTallies = SummaryTally & { byState: Record<string, SummaryTally> };

export interface SummaryOptions {
  version: number;
  /** Ages are computed as of this instant. */
  asOf: Date;
  /** Written as built_at (the ReplacingMergeTree version of the row). */
  builtAt: Date;
  /** Every facility's score comes from this model, which the build's meta names. */
  riskModel: AnyRiskModel;
  /** @defaultValue SUMMARY_PAGE_SIZE */
  pageSize?: number;
  /** Only these states' facilities (a build that rebuilds only the states imported since the last). @defaultValue every state */
  states?: readonly string[];
}

export const emptyTally = (): SummaryTally => ({
  facilities: 0,
  tanks: 0,
  activeTanksByAgeBand: Object.fromEntries(AGE_BANDS.map((band) => [band, 0])) as Record<AgeBand, number>,
  facilitiesByRiskBand: Object.fromEntries(RISK_BANDS.map(({ band }) => [band, 0])) as Record<RiskBand, number>,
});

/** The states' counts and their sum; the states in code order, so equal tallies serialize alike. */
export function sumTallies(byState: Record<string, SummaryTally>): SummaryTallies {
  const total = emptyTally();
  const ordered: Record<string, SummaryTally> = {};
  for (const state of Object.keys(byState).sort()) {
    const tally = byState[state]!;
    ordered[state] = tally;
    total.facilities += tally.facilities;
    total.tanks += tally.tanks;
    for (const band of AGE_BANDS) total.activeTanksByAgeBand[band] += tally.activeTanksByAgeBand[band];
    for (const { band } of RISK_BANDS) total.facilitiesByRiskBand[band] += tally.facilitiesByRiskBand[band];
  }
  return { ...total, byState: ordered };
}

export async function buildFacilitySummaries(store: AnalyticsStore, options: SummaryOptions): Promise<SummaryTallies> {
  const pageSize = options.pageSize ?? SUMMARY_PAGE_SIZE;
  const byState: Record<string, SummaryTally> = {};
  const releaseStates = await getReleaseCoveredStates(store);
  const pages = readAhead<SummaryInputs>((previous) =>
    previous && previous.facilities.length < pageSize ? undefined : readSummaryInputs(store, lastFacilityId(previous), pageSize, options.states),
  );
  const inserts = new WriteBehind();
  for await (const { facilities, tanks, releases } of pages) {
    const rows = await mapInSlices(facilities, (facility) =>
      summaryRow(
        facility,
        tanks.get(facility.facility_id) ?? [],
        releases.get(facility.facility_id) ?? [],
        releaseStates[facility.source === 'generated' ? 'generated' : 'real'].has(coverageKeyOf(facility.facility_id, facility.state)),
        options,
        (byState[facility.state] ??= emptyTally()),
      ),
    );
    if (rows.length > 0) await inserts.write(() => store.insert('facility_summary', rows));
  }
  await inserts.flush();
  return sumTallies(byState);
}

/** A page of facilities with the tanks and releases of each. */
interface SummaryInputs {
  facilities: FacilityPageRow[];
  tanks: Map<string, TankInputRow[]>;
  releases: Map<string, ReleaseInputRow[]>;
}

const lastFacilityId = (page: SummaryInputs | undefined) => page?.facilities[page.facilities.length - 1]?.facility_id ?? '';

async function readSummaryInputs(store: AnalyticsStore, after: string, pageSize: number, states: readonly string[] | undefined): Promise<SummaryInputs> {
  const facilities = await getFacilityPage(store, after, pageSize, states);
  const first = facilities[0];
  const last = facilities[facilities.length - 1];
  if (!first || !last) return { facilities, tanks: new Map(), releases: new Map() };
  // A page of some states' facilities spans other states' ids: read only its own facilities' rows.
  const only = states ? facilities.map((facility) => facility.facility_id) : undefined;
  const tanks = groupBy(await getTanksOfFacilityRange(store, first.facility_id, last.facility_id, only));
  const releases = groupBy(await getReleasesOfFacilityRange(store, first.facility_id, last.facility_id, only));
  return { facilities, tanks, releases };
}

function summaryRow(
  facility: FacilityPageRow,
  tanks: TankInputRow[],
  releases: ReleaseInputRow[],
  leakReported: boolean,
  options: SummaryOptions,
  tally: SummaryTally,
) {
  const { summary, ageBasis } = deriveFacility(tanks, releases, options.asOf);
  const risk = calculateRiskScore({ tanks, releases, receptors: facility, asOf: options.asOf }, options.riskModel);
  tally.facilities += 1;
  tally.tanks += tanks.length;
  tally.facilitiesByRiskBand[risk.band] += 1;
  for (const tank of tanks) {
    if (tank.tank_status !== TANK_STATUS.active) continue;
    const age = yearsSince(tank.installation_date, options.asOf);
    if (age !== null) tally.activeTanksByAgeBand[ageBand(age)] += 1;
  }
  return {
    dataset_version: options.version,
    facility_id: facility.facility_id,
    state: facility.state,
    fips: facility.fips,
    is_generated: facility.source === 'generated',
    source: facility.source,
    name: facility.name,
    address: facility.address,
    city: facility.city,
    county: facility.county,
    zip_code: facility.zip_code,
    latitude: facility.latitude,
    longitude: facility.longitude,
    located_by: facility.located_by,
    mapping_method: facility.mapping_method,
    ...summary,
    // A facility of a state without release data may still have linked releases (another
    // source's); those are reported leaks.
    leak_reported: leakReported || releases.length > 0,
    calculated_risk_score: risk.score,
    age_tank_count: ageBasis.count,
    tank_age_sum: ageBasis.sumYears,
    built_at: options.builtAt.toISOString(),
  };
}

function groupBy<Row extends { facility_id: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.facility_id);
    if (group) group.push(row);
    else groups.set(row.facility_id, [row]);
  }
  return groups;
}
