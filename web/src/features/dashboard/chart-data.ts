/**
 * The three dashboard charts' rows (docs/decisions/0015-dashboard-charts.md), from
 * /facilities-statistics. Colours are theme variables, so a chart follows a theme change like
 * the rest of the page.
 */
import type { FacilityStatistics } from '@ust/schemas';

export interface ChartRow {
  label: string;
  value: number;
}

export interface RiskBandRow extends ChartRow {
  color: string;
}

/** docs/product.md section 9: 1-3 low, 4-6 moderate, 7-10 high; low green, moderate amber, high red. */
const RISK_BANDS: Record<string, { label: string; color: string }> = {
  low: { label: 'Low (1-3)', color: 'var(--color-success)' },
  moderate: { label: 'Moderate (4-6)', color: 'var(--color-warning)' },
  high: { label: 'High (7-10)', color: 'var(--color-error)' },
};

/** Bands as the server names them ('0-9', '40+'); the chart's title says they are years. */
export function ageBandRows(statistics: FacilityStatistics): ChartRow[] {
  return statistics.tanks_by_age_band.map(({ band, tanks }) => ({ label: band, value: tanks }));
}

/** Oldest year first, whatever order the server sends. */
export function releaseYearRows(statistics: FacilityStatistics): ChartRow[] {
  return [...statistics.releases_by_year].sort((a, b) => a.year - b.year).map(({ year, releases }) => ({ label: String(year), value: releases }));
}

/** A band the app does not know (a later model) still shows, in a neutral colour. */
export function riskBandRows(statistics: FacilityStatistics): RiskBandRow[] {
  return statistics.facilities_by_risk_band.map(({ band, facilities }) => {
    const known = RISK_BANDS[band];
    return { label: known?.label ?? band, value: facilities, color: known?.color ?? 'var(--color-secondary)' };
  });
}
