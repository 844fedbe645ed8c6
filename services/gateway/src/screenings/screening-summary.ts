/**
 * A portfolio's figures for its summary: how its matched facilities' risk scores are spread, the
 * total and average indicative premium per carrier, its largest exposures, and its locations by
 * state.
 */
import type { ScreeningRow } from '@ust/schemas';

export interface CarrierFigures {
  carrier: string;
  /** Matched facilities the carrier quoted. */
  quoted: number;
  total_premium: number;
  average_premium: number;
}

export interface StateFigures {
  state: string;
  rows: number;
  matched: number;
  screened: number;
  not_located: number;
}

export interface ScreeningSummary {
  /** Matched facilities per risk score 1-10 (index 0 is score 1). */
  risk_distribution: number[];
  /** Matched facilities with no score yet. */
  unscored: number;
  carriers: CarrierFigures[];
  /** The matched rows with the highest risk scores, then the highest premiums. */
  top_exposures: ScreeningRow[];
  states: StateFigures[];
  /** Whether any record shown is a generated demo record. */
  has_generated_records: boolean;
}

export const TOP_EXPOSURES = 20;

/** The state a row is counted under: its facility's, else the one it gave, else 'Unknown'. */
export function stateOf(row: ScreeningRow): string {
  return row.facility?.state ?? row.input.state?.toUpperCase() ?? 'Unknown';
}

export function summarise(rows: readonly ScreeningRow[]): ScreeningSummary {
  const risk_distribution = new Array<number>(10).fill(0);
  let unscored = 0;
  const carriers = new Map<string, { quoted: number; total: number }>();
  const states = new Map<string, StateFigures>();
  let has_generated_records = false;
  for (const row of rows) {
    const state = stateOf(row);
    const figures = states.get(state) ?? { state, rows: 0, matched: 0, screened: 0, not_located: 0 };
    figures.rows += 1;
    figures[row.outcome] += 1;
    states.set(state, figures);
    if (row.facility?.is_generated || row.surroundings?.nearest_release?.is_generated) has_generated_records = true;
    if (!row.facility) continue;
    if (row.facility.risk_score === null) unscored += 1;
    else risk_distribution[row.facility.risk_score - 1]! += 1;
    for (const quote of row.facility.pricing.quotes) {
      const carrier = carriers.get(quote.carrier) ?? { quoted: 0, total: 0 };
      carrier.quoted += 1;
      carrier.total += quote.annual_premium;
      carriers.set(quote.carrier, carrier);
    }
  }
  const top_exposures = rows
    .filter((row) => row.facility)
    .sort(
      (a, b) =>
        (b.facility!.risk_score ?? 0) - (a.facility!.risk_score ?? 0) ||
        (b.facility!.pricing.lowest_premium ?? 0) - (a.facility!.pricing.lowest_premium ?? 0) ||
        a.line - b.line,
    )
    .slice(0, TOP_EXPOSURES);
  return {
    risk_distribution,
    unscored,
    carriers: [...carriers].map(([carrier, { quoted, total }]) => ({ carrier, quoted, total_premium: total, average_premium: Math.round(total / quoted) })),
    top_exposures,
    states: [...states.values()].sort((a, b) => b.rows - a.rows || a.state.localeCompare(b.state)),
    has_generated_records,
  };
}
