import type { AnalyticsStore } from '@ust/platform';

export interface RiskScoreCountRow {
  state: string;
  /** 1-10; null for rows written before risk scores existed (migration 004). */
  score: number | null;
  facilities: number;
}

/** Facilities per state and risk score of one dataset version's facility_summary. */
export async function getRiskScoreCounts(store: AnalyticsStore, version: number): Promise<RiskScoreCountRow[]> {
  return store.query<RiskScoreCountRow>(
    `SELECT state, calculated_risk_score AS score, count() AS facilities
     FROM facility_summary FINAL
     WHERE dataset_version = {version:UInt32}
     GROUP BY state, score
     ORDER BY state, score`,
    { version },
  );
}
