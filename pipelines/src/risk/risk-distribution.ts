/**
 * The share of facilities per risk band (docs/product.md section 9: 1-3 low, 4-6 moderate, 7-10
 * high), over the whole dataset version and per state, and its table for
 * `pnpm pipeline risk-distribution`.
 */
import { riskBand, type RiskBand } from '@ust/domain';
import type { RiskScoreCountRow } from '../queries/risk/get-risk-score-counts.js';

export const BANDS: readonly RiskBand[] = ['low', 'moderate', 'high'];

export interface BandCounts {
  /** 'ALL' for the whole version, else a USPS state code. */
  region: string;
  facilities: number;
  low: number;
  moderate: number;
  high: number;
  /** Rows without a score: written before risk scores existed. */
  unscored: number;
}

export interface RiskDistribution {
  overall: BandCounts;
  /** In state code order. */
  states: BandCounts[];
}

const empty = (region: string): BandCounts => ({ region, facilities: 0, low: 0, moderate: 0, high: 0, unscored: 0 });

export function riskDistribution(rows: readonly RiskScoreCountRow[]): RiskDistribution {
  const overall = empty('ALL');
  const states = new Map<string, BandCounts>();
  for (const row of rows) {
    // 64-bit counts may arrive as strings from a ClickHouse server.
    const facilities = Number(row.facilities);
    const score = row.score === null ? null : Number(row.score);
    let state = states.get(row.state);
    if (!state) states.set(row.state, (state = empty(row.state)));
    for (const counts of [overall, state]) {
      counts.facilities += facilities;
      if (score === null) counts.unscored += facilities;
      else counts[riskBand(score)] += facilities;
    }
  }
  return { overall, states: [...states.values()].sort((a, b) => a.region.localeCompare(b.region)) };
}

/** Percent of the region's facilities, one decimal; 0 for an empty region. */
export function bandShare(counts: BandCounts, band: RiskBand | 'unscored'): number {
  return counts.facilities > 0 ? Math.round((1000 * counts[band]) / counts.facilities) / 10 : 0;
}

/** The table's lines: one per region, overall first; the unscored column only when some are. */
export function formatRiskDistribution(distribution: RiskDistribution): string[] {
  const columns: Array<RiskBand | 'unscored'> = distribution.overall.unscored > 0 ? [...BANDS, 'unscored'] : [...BANDS];
  const line = (region: string, facilities: string, cells: string[]) =>
    [region.padEnd(6), facilities.padStart(11), ...cells.map((cell) => cell.padStart(9))].join('  ');
  const percent = (value: number) => `${value.toFixed(1)}%`;
  return [
    line('state', 'facilities', columns),
    ...[distribution.overall, ...distribution.states].map((counts) =>
      line(
        counts.region,
        counts.facilities.toLocaleString('en-US'),
        columns.map((band) => percent(bandShare(counts, band))),
      ),
    ),
  ];
}
