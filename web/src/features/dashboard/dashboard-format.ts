/**
 * What the dashboard shows, as plain data: figures, the data-honesty line and the Your Activity
 * values. Kept out of the components so the spec's formats (thousands separators, one decimal,
 * 'Never') are unit-tested without a DOM.
 */
import type { FacilityStatistics, MeActivity } from '@ust/schemas';
import { formatCount, formatDateTime, formatOneDecimal, type Figure } from '../../components/format';

/**
 * docs/product.md section 2's figures plus Facilities with Leaks (the leak rate's numerator).
 * Without statistics (loading or failed) every figure is zero: docs/product.md section 8,
 * 'figures stay at zero'.
 */
export function statisticFigures(statistics: FacilityStatistics | undefined): Figure[] {
  const s = statistics ?? { total_facilities: 0, total_tanks: 0, active_tanks: 0, average_tank_age: 0, total_leaks: 0, facilities_with_leaks: 0, leak_rate: 0 };
  return [
    { label: 'Total Facilities', value: formatCount(s.total_facilities) },
    { label: 'Total Tanks', value: formatCount(s.total_tanks) },
    { label: 'Active Tanks', value: formatCount(s.active_tanks) },
    { label: 'Average Tank Age', value: formatOneDecimal(s.average_tank_age), unit: ' years' },
    { label: 'Total Leaks', value: formatCount(s.total_leaks) },
    { label: 'Facilities with Leaks', value: formatCount(s.facilities_with_leaks) },
    { label: 'Leak Rate', value: formatOneDecimal(s.leak_rate), unit: '%' },
  ];
}

/** How many of the records are real and how many generated, so nobody takes demo data for EPA data. */
export function sourcesSummary(statistics: FacilityStatistics): string {
  const { real_facilities, generated_facilities, real_releases, generated_releases } = statistics.sources;
  const built = `Dataset version ${statistics.dataset_version}, built ${formatDateTime(statistics.generated_at)}.`;
  return (
    `${formatCount(real_facilities)} facilities come from real EPA records and ${formatCount(generated_facilities)} are generated demo records ` +
    `(releases: ${formatCount(real_releases)} real, ${formatCount(generated_releases)} generated). ${built}`
  );
}

export interface ActivityValues {
  totalSearches: string;
  facilitiesViewed: string;
  lastActivity: string;
  /** The ISO timestamp for a <time> element; null for 'Never'. */
  lastActivityIso: string | null;
}

/** docs/decisions/0008-live-activity-card.md: 0, 0, 'Never' when there is nothing (or the call failed). */
export function activityValues(activity: MeActivity | undefined): ActivityValues {
  const last = activity?.last_activity ?? null;
  return {
    totalSearches: formatCount(activity?.total_searches ?? 0),
    facilitiesViewed: formatCount(activity?.facilities_viewed ?? 0),
    lastActivity: last ? formatDateTime(last) : 'Never',
    lastActivityIso: last,
  };
}
