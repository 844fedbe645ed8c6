/**
 * The Analytics tab's figures and chart rows (DECISIONS.md 9), from GET /admin/analytics: four
 * cards over the last 60 minutes and one row per minute, oldest first.
 */
import type { AdminAnalytics, AdminAnalyticsPoint } from '@ust/schemas';
import { formatCount, formatOneDecimal, type Figure } from '../dashboard/dashboard-format';

export interface AnalyticsCard extends Figure {
  /** What the figure counts, under it. */
  note: string;
}

export function analyticsCards(analytics: AdminAnalytics): AnalyticsCard[] {
  return [
    { label: 'Total Users', value: formatCount(analytics.total_users), note: 'Distinct users with an activity' },
    { label: 'Active Sessions', value: formatCount(analytics.active_sessions), note: 'With an activity in the last 30 minutes' },
    { label: 'Error Rate', value: formatOneDecimal(analytics.error_rate_percent), unit: '%', note: 'Log entries at ERROR' },
    { label: 'Avg Response Time', value: formatCount(analytics.avg_response_time_ms), unit: ' ms', note: 'Mean duration of API requests' },
  ];
}

export interface MinuteRow {
  /** 'HH:MM' in the admin's time zone, the axis label. */
  label: string;
  requests: number;
  errors: number;
  /** Null in a minute without requests: the line has a gap there rather than a false zero. */
  p50: number | null;
  p95: number | null;
}

const minuteFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export function minuteRows(series: readonly AdminAnalyticsPoint[]): MinuteRow[] {
  return series.map((point) => ({
    label: minuteFormat.format(new Date(point.minute)),
    requests: point.requests,
    errors: point.errors,
    p50: point.p50_ms,
    p95: point.p95_ms,
  }));
}

/** The series' totals, for the charts' captions: a flat chart then still says what it covers. */
export function seriesTotals(rows: readonly MinuteRow[]): { requests: number; errors: number } {
  return rows.reduce((sum, row) => ({ requests: sum.requests + row.requests, errors: sum.errors + row.errors }), { requests: 0, errors: 0 });
}
