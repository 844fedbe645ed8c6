/**
 * The Model page's choices and figures, read from the model card (GET /api/risk-model). Pure
 * functions, so the page shows only what the card holds and the selection logic is unit-tested.
 */
import type { RiskModelCard, RiskModelCohort } from '@ust/schemas';
import { formatPercent, NOT_AVAILABLE } from '../../components/format';

export type CohortView = RiskModelCohort['view'];
export type ModelEntry = RiskModelCard['models'][number];

/** What the selectors choose: one cohort per model. */
export interface CohortSelection {
  asOf: string;
  horizonYears: number;
  view: CohortView;
}

export const VIEW_LABELS: Record<CohortView, string> = {
  'first release': 'First release (no release before the date)',
  'any release': 'Any release (all facilities, prior releases known)',
};

/** The brief's defaults: a 3-year window, facilities with no earlier release. */
const DEFAULT_HORIZON_YEARS = 3;
const DEFAULT_VIEW: CohortView = 'first release';

const sortedUnique = <T>(values: T[], compare: (a: T, b: T) => number): T[] => [...new Set(values)].sort(compare);

/** The as-of dates, horizons and views the card has cohorts for, in order. */
export function selectionOptions(card: RiskModelCard) {
  return {
    asOfDates: sortedUnique(
      card.cohorts.map((cohort) => cohort.as_of),
      (a, b) => a.localeCompare(b),
    ),
    horizons: sortedUnique(
      card.cohorts.map((cohort) => cohort.horizon_years),
      (a, b) => a - b,
    ),
    views: sortedUnique(
      card.cohorts.map((cohort) => cohort.view),
      (a, b) => Object.keys(VIEW_LABELS).indexOf(a) - Object.keys(VIEW_LABELS).indexOf(b),
    ),
  };
}

/**
 * The latest as-of date measured with the default window and view: the most recent evidence.
 * Falls back to whatever the card has, so a card without 3-year cohorts still shows something.
 */
export function defaultSelection(card: RiskModelCard): CohortSelection {
  const { asOfDates, horizons, views } = selectionOptions(card);
  const horizonYears = horizons.includes(DEFAULT_HORIZON_YEARS) ? DEFAULT_HORIZON_YEARS : (horizons[0] ?? DEFAULT_HORIZON_YEARS);
  const view = views.includes(DEFAULT_VIEW) ? DEFAULT_VIEW : (views[0] ?? DEFAULT_VIEW);
  const measured = asOfDates.filter((asOf) =>
    card.cohorts.some((cohort) => cohort.as_of === asOf && cohort.horizon_years === horizonYears && cohort.view === view),
  );
  return { asOf: measured.at(-1) ?? asOfDates.at(-1) ?? '', horizonYears, view };
}

/** One entry per model, in the card's order, with its cohort for the selection (null: not measured). */
export function cohortsFor(card: RiskModelCard, selection: CohortSelection): Array<{ model: ModelEntry; cohort: RiskModelCohort | null }> {
  return card.models.map((model) => ({
    model,
    cohort:
      card.cohorts.find(
        (cohort) =>
          cohort.model === model.id && cohort.as_of === selection.asOf && cohort.horizon_years === selection.horizonYears && cohort.view === selection.view,
      ) ?? null,
  }));
}

export function totalFacilities(card: RiskModelCard): number {
  return card.data.reduce((sum, region) => sum + region.facilities, 0);
}

/** The facilities of the regions whose records let the backtest place tanks and releases in time. */
export function backtestedRegions(card: RiskModelCard) {
  const regions = card.data.filter((region) => region.backtested);
  return { count: regions.length, facilities: regions.reduce((sum, region) => sum + region.facilities, 0) };
}

/** A share (0 to 1) as a percentage with one decimal: 0.0423 reads '4.2%'. */
export function formatShare(value: number | null | undefined): string {
  return formatPercent(value === null || value === undefined ? value : value * 100);
}

/** An area under a curve with three decimals: '0.712'. */
export function formatAuc(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : value.toFixed(3);
}

/** An estimate with its 95 % interval: '0.712 (0.690-0.731)'. */
export function formatInterval(interval: { estimate: number | null; low: number | null; high: number | null }): string {
  const estimate = formatAuc(interval.estimate);
  if (interval.low === null || interval.high === null) return estimate;
  return `${estimate} (${formatAuc(interval.low)}-${formatAuc(interval.high)})`;
}

/** '2010-01-01' as 'January 1, 2010', without the browser's time zone moving the day. */
export function formatAsOf(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
