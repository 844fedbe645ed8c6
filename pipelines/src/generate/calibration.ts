/**
 * Per-state targets for the generated national dataset, calibrated to EPA's UST performance
 * measures (pipelines/fixtures/reference/epa-performance-measures-*.csv, 56 states and
 * territories) and to the national totals of EPA UST Finder (docs/generated-data.md, 'Calibration').
 *
 * Method (docs/generated-data.md has the same with the measured totals):
 *   systems(s)      = Total_Active_UST_Systems(s) + Total_Closed_UST_Systems(s)
 *   tanks(s)        = systems(s) * 2,301,630 / sum of systems          (UST Finder tank total)
 *   activeShare(s)  = Total_Active_UST_Systems(s) / systems(s)
 *   facilities(s)   = tanks(s) / (2,301,630 / 742,844)                  (3.0984 tanks a facility)
 *   releases(s)     = Confirmed_Releases_Cumulative(s) * 530,798 / sum of confirmed releases
 *   openShare(s)    = Cleanups_Backlog(s) / Confirmed_Releases_Cumulative(s)
 * EPA counts UST systems, UST Finder counts tank records (fewer: not every state reports every
 * closed tank), so the per-state shape comes from EPA and the level from UST Finder.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

/** EPA UST Finder's national totals (2018-2021 state data, tribal data to 2025). */
export const NATIONAL_TARGETS = Object.freeze({ facilities: 742_844, tanks: 2_301_630, releases: 530_798 });
export const TANKS_PER_FACILITY = NATIONAL_TARGETS.tanks / NATIONAL_TARGETS.facilities;

const REFERENCE_DIRECTORY = new URL('../../fixtures/reference/', import.meta.url);

/** EPA regions by USPS code (epa_region on every record). */
const EPA_REGIONS: Record<number, readonly string[]> = {
  1: ['CT', 'MA', 'ME', 'NH', 'RI', 'VT'],
  2: ['NJ', 'NY', 'PR', 'VI'],
  3: ['DC', 'DE', 'MD', 'PA', 'VA', 'WV'],
  4: ['AL', 'FL', 'GA', 'KY', 'MS', 'NC', 'SC', 'TN'],
  5: ['IL', 'IN', 'MI', 'MN', 'OH', 'WI'],
  6: ['AR', 'LA', 'NM', 'OK', 'TX'],
  7: ['IA', 'KS', 'MO', 'NE'],
  8: ['CO', 'MT', 'ND', 'SD', 'UT', 'WY'],
  9: ['AS', 'AZ', 'CA', 'GU', 'HI', 'MP', 'NV'],
  10: ['AK', 'ID', 'OR', 'WA'],
};
const regionByState = new Map(Object.entries(EPA_REGIONS).flatMap(([region, states]) => states.map((state) => [state, Number(region)] as const)));

export interface StateCalibration {
  /** USPS code (EPA's 'CM' becomes 'MP'). */
  state: string;
  epaRegion: number;
  activeSystems: number;
  closedSystems: number;
  confirmedReleases: number;
  backlog: number;
  /** Targets at scale 1, unrounded. */
  tanks: number;
  facilities: number;
  releases: number;
  activeShare: number;
  openShare: number;
}

let memoised: readonly StateCalibration[] | undefined;

/** The 56 states and territories, sorted by USPS code. Read once per process. */
export function loadCalibration(): readonly StateCalibration[] {
  memoised ??= buildCalibration();
  return memoised;
}

function readCsv(name: string): Array<Record<string, string>> {
  return parse(readFileSync(new URL(name, REFERENCE_DIRECTORY), 'utf8'), { columns: true, skip_empty_lines: true, trim: true });
}

/** EPA writes counts with thousands separators ("30,540"). */
function count(row: Record<string, string>, column: string): number {
  const value = Number((row[column] ?? '').replaceAll(',', ''));
  if (!Number.isFinite(value)) throw new Error(`EPA performance measures: ${column} of ${row['State']} is not a number`);
  return value;
}

function buildCalibration(): readonly StateCalibration[] {
  const releaseRows = new Map(readCsv('epa-performance-measures-releases.csv').map((row) => [row['State'], row]));
  const rows = readCsv('epa-performance-measures-ust.csv').map((row) => {
    const epaCode = row['State'] ?? '';
    const releases = releaseRows.get(epaCode);
    if (!releases) throw new Error(`EPA performance measures: no release row for ${epaCode}`);
    const state = epaCode === 'CM' ? 'MP' : epaCode;
    const epaRegion = regionByState.get(state);
    if (!epaRegion) throw new Error(`EPA performance measures: unknown state ${epaCode}`);
    return {
      state,
      epaRegion,
      activeSystems: count(row, 'Total_Active_UST_Systems'),
      closedSystems: count(row, 'Total_Closed_UST_Systems'),
      confirmedReleases: count(releases, 'Confirmed_Releases_Cumulative'),
      backlog: count(releases, 'Cleanups_Backlog'),
    };
  });
  const systems = rows.reduce((sum, row) => sum + row.activeSystems + row.closedSystems, 0);
  const confirmed = rows.reduce((sum, row) => sum + row.confirmedReleases, 0);
  const tanksPerSystem = NATIONAL_TARGETS.tanks / systems;
  const releasesPerConfirmed = NATIONAL_TARGETS.releases / confirmed;
  const calibrated = rows.map((row) => {
    const stateSystems = row.activeSystems + row.closedSystems;
    const tanks = stateSystems * tanksPerSystem;
    return Object.freeze({
      ...row,
      tanks,
      facilities: tanks / TANKS_PER_FACILITY,
      releases: row.confirmedReleases * releasesPerConfirmed,
      activeShare: stateSystems === 0 ? 0 : row.activeSystems / stateSystems,
      openShare: row.confirmedReleases === 0 ? 0 : Math.min(1, row.backlog / row.confirmedReleases),
    });
  });
  return Object.freeze(calibrated.sort((a, b) => a.state.localeCompare(b.state)));
}
