/**
 * The Analytics tab's figures and chart rows (docs/decisions/0009-admin-analytics-window.md),
 * from GET /admin/analytics: four cards over the last 60 minutes, the telemetry of callers
 * without a token apart from them, and one row per minute, oldest first.
 */
import type { AdminAnalytics, AdminAnalyticsPoint } from '@ust/schemas';
import { formatCount, formatOneDecimal, type Figure } from '../../components/format';

export interface AnalyticsCard extends Figure {
  /** What the figure counts, under it. */
  note: string;
}

export function analyticsCards(analytics: AdminAnalytics): AnalyticsCard[] {
  return [
    { label: 'Total Users', value: formatCount(analytics.total_users), note: 'Distinct users with an activity' },
    { label: 'Active Sessions', value: formatCount(analytics.active_sessions), note: 'Signed in, with an activity in the last 30 minutes' },
    { label: 'Error Rate', value: formatOneDecimal(analytics.error_rate_percent), unit: '%', note: 'Log entries at ERROR: API requests and signed-in users' },
    { label: 'Avg Response Time', value: formatCount(analytics.avg_response_time_ms), unit: ' ms', note: 'Mean duration of API requests' },
  ];
}

/** What callers without a token sent in the hour: counted in none of the cards. */
export function anonymousFigures({ anonymous }: AdminAnalytics): Figure[] {
  return [
    { label: 'Log entries', value: formatCount(anonymous.log_entries) },
    { label: 'Errors', value: formatCount(anonymous.errors) },
    { label: 'Activities', value: formatCount(anonymous.activities) },
    { label: 'Active sessions', value: formatCount(anonymous.active_sessions) },
  ];
}

export interface MinuteRow {
  /** 'HH:MM' in the admin's time zone, the axis label. */
  label: string;
  requests: number;
  /** ERROR entries the error rate counts. */
  errors: number;
  /** ERROR entries of callers without a token. */
  anonymousErrors: number;
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
    anonymousErrors: point.anonymous_errors,
    p50: point.p50_ms,
    p95: point.p95_ms,
  }));
}

export interface SeriesTotals {
  requests: number;
  errors: number;
  anonymousErrors: number;
}

/** The series' totals, for the charts' captions: a flat chart then still says what it covers. */
export function seriesTotals(rows: readonly MinuteRow[]): SeriesTotals {
  return rows.reduce(
    (sum, row) => ({ requests: sum.requests + row.requests, errors: sum.errors + row.errors, anonymousErrors: sum.anonymousErrors + row.anonymousErrors }),
    { requests: 0, errors: 0, anonymousErrors: 0 },
  );
}
