/**
 * The dashboard's FacilityStatistics, from the per-state aggregates (every facility and release
 * has a state, so their sums are the national figures) and the summary step's tally.
 */
import { AGE_BANDS, RISK_BANDS } from '@ust/domain';
import type { FacilityStatistics } from '@ust/schemas';
import type { FacilityAggregateRow, ReleaseAggregateRow } from '../queries/dataset/region-aggregate-rows.js';
import type { StateSourceRow } from '../queries/dataset/get-state-source-counts.js';
import { buildCoverage } from './coverage.js';
import type { SummaryTally } from './facility-summaries.js';

export interface StatisticsInputs {
  version: number;
  generatedAt: string;
  stateFacilities: readonly FacilityAggregateRow[];
  stateReleases: readonly ReleaseAggregateRow[];
  releasesByYear: FacilityStatistics['releases_by_year'];
  /** Records per state, table and source file: the coverage. */
  stateSources: readonly StateSourceRow[];
  tally: SummaryTally;
}

const sum = <Row>(rows: readonly Row[], pick: (row: Row) => number) => rows.reduce((total, row) => total + Number(pick(row)), 0);
const round1 = (value: number) => Math.round(value * 10) / 10;

export function buildStatistics(inputs: StatisticsInputs): FacilityStatistics {
  const facilities = inputs.stateFacilities;
  const totalFacilities = sum(facilities, (row) => row.total_facilities);
  const withLeaks = sum(facilities, (row) => row.facilities_with_leaks);
  // Facilities of states without release data are no 0 %
  // (docs/decisions/0037-leaks-not-reported.md): left out of the rate.
  const reportedFacilities = sum(facilities, (row) => row.reported_facilities);
  const agedTanks = sum(facilities, (row) => row.age_tank_count);
  const totalReleases = sum(inputs.stateReleases, (row) => row.total_releases);
  const generatedFacilities = sum(facilities, (row) => row.generated_facilities);
  const generatedReleases = sum(inputs.stateReleases, (row) => row.generated_releases);
  return {
    total_facilities: totalFacilities,
    total_tanks: sum(facilities, (row) => row.total_tanks),
    active_tanks: sum(facilities, (row) => row.active_tanks),
    // Per tank over the tanks behind each facility's AVG_TANK_AGE, as the region figures are.
    average_tank_age: agedTanks > 0 ? round1(sum(facilities, (row) => row.tank_age_sum) / agedTanks) : 0,
    // Every release of the dataset, linked to a facility or not.
    total_leaks: totalReleases,
    facilities_with_leaks: withLeaks,
    facilities_with_release_data: reportedFacilities,
    leak_rate: reportedFacilities > 0 ? round1((100 * withLeaks) / reportedFacilities) : 0,
    tanks_by_age_band: AGE_BANDS.map((band) => ({ band, tanks: inputs.tally.activeTanksByAgeBand[band] })),
    releases_by_year: inputs.releasesByYear,
    facilities_by_risk_band: RISK_BANDS.map(({ band }) => ({ band, facilities: inputs.tally.facilitiesByRiskBand[band] })),
    dataset_version: inputs.version,
    generated_at: inputs.generatedAt,
    sources: {
      real_facilities: totalFacilities - generatedFacilities,
      generated_facilities: generatedFacilities,
      real_releases: totalReleases - generatedReleases,
      generated_releases: generatedReleases,
    },
    coverage: buildCoverage(inputs.stateSources),
  };
}
