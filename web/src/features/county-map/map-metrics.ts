/**
 * What the map can colour by (docs/product.md section 3, 'Map metrics'), Leak Rate first, and
 * how each figure reads in the legend, hover card and panel.
 */
import type { RegionProperties } from '@ust/schemas';
// With its extension: the browser tests (web/e2e) import this file under Node's module resolution.
import { formatCount, formatOneDecimal, formatPercent, formatYears } from '../../components/format.js';

export type MetricKey =
  | 'leak_rate'
  | 'total_facilities'
  | 'total_tanks'
  | 'active_tanks'
  | 'avg_tank_age'
  | 'max_tank_age'
  | 'avg_protection_score'
  | 'avg_risk_score'
  | 'total_capacity'
  | 'facilities_with_leaks'
  | 'total_leaks';

export interface MapMetric {
  key: MetricKey;
  label: string;
  format: (value: number) => string;
}

export const MAP_METRICS: readonly MapMetric[] = [
  { key: 'leak_rate', label: 'Leak Rate (%)', format: formatPercent },
  { key: 'total_facilities', label: 'Total Facilities', format: formatCount },
  { key: 'total_tanks', label: 'Total Tanks', format: formatCount },
  { key: 'active_tanks', label: 'Active Tanks', format: formatCount },
  { key: 'avg_tank_age', label: 'Average Tank Age (years)', format: formatYears },
  { key: 'max_tank_age', label: 'Maximum Tank Age (years)', format: formatYears },
  { key: 'avg_protection_score', label: 'Average Protection Score (0-100)', format: (value) => `${formatOneDecimal(value)}/100` },
  { key: 'avg_risk_score', label: 'Average Risk Score (1-10)', format: (value) => `${formatOneDecimal(value)}/10` },
  { key: 'total_capacity', label: 'Total Capacity (gallons)', format: (value) => `${formatCount(value)} gal` },
  { key: 'facilities_with_leaks', label: 'Facilities with Leaks', format: formatCount },
  { key: 'total_leaks', label: 'Total Leaks', format: formatCount },
];

export const DEFAULT_METRIC: MetricKey = 'leak_rate';

export function metricOf(key: MetricKey): MapMetric {
  return MAP_METRICS.find((metric) => metric.key === key) ?? MAP_METRICS[0]!;
}

/** The metrics that count leaks: unknown, not 0, where a region has no release data. */
const RELEASE_METRICS: ReadonlySet<MetricKey> = new Set<MetricKey>(['leak_rate', 'facilities_with_leaks', 'total_leaks']);

/** True when the metric counts leaks and the region's sources have no release table (docs/decisions/0037-leaks-not-reported.md). */
export function lacksReleaseData(properties: RegionProperties, key: MetricKey): boolean {
  return RELEASE_METRICS.has(key) && !properties.has_release_data;
}

export function isReleaseMetric(key: MetricKey): boolean {
  return RELEASE_METRICS.has(key);
}

/** A region's value for a metric; null (no data) counts as 0, which the map shows grey. */
export function metricValue(properties: RegionProperties, key: MetricKey): number {
  const value = properties[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
