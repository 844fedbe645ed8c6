/**
 * The backtest of a risk model on real outcomes (docs/risk-model.md, 'Backtest'). For each
 * as-of date T, every real facility with a tank in service at T is scored from what was known
 * at T (as-of.ts); its outcome is a release reported in (T, T + horizon]. Two views: the first
 * release (facilities with none reported by T, the view published research reports) and any
 * release (every facility, prior releases known, the view an underwriter prices). Figures per
 * region whose records carry both tank and release dates, and pooled; a region enters a
 * (T, horizon) only when its data reach T + horizon, so a late window is never read as
 * release-free.
 */
import type { RiskInput } from '@ust/domain';
import { facilityAt, isoDay, releaseWithin, yearsAfter } from './as-of.js';
import type { FacilityHistory } from './facility-histories.js';
import {
  bootstrapInterval,
  deciles,
  prAuc,
  ratePerScore,
  rocAuc,
  rocPoints,
  topShareCapture,
  type DecileRow,
  type Interval,
  type RateRow,
  type RocPoint,
  type Scored,
} from './metrics.js';

export const VIEWS = ['first release', 'any release'] as const;
export type View = (typeof VIEWS)[number];

/** A model under test: the score it gives a facility from what was known at T (higher is riskier). */
export interface ScoringModel {
  id: string;
  /** The 1-10 score; the facility's id lets a cross-validated model use the fit that never saw it. */
  score(input: RiskInput, facilityId: string): number;
  /** A model that predicts a probability: its calibration per decile is read on it. */
  probability?(input: RiskInput, facilityId: string): number;
}

export interface BacktestOptions {
  /** As-of dates, as years (T = 1 January of the year). */
  asOfYears: readonly number[];
  /** Outcome windows in years. */
  horizons: readonly number[];
  /** Bootstrap resamples per interval. @defaultValue 1000 */
  resamples?: number;
  /** @defaultValue 1 */
  seed?: number;
}

/** The pooled figures' region. */
export const POOLED = 'pooled';

export interface CohortFigures {
  model: string;
  view: View;
  asOf: string;
  horizon: number;
  region: string;
  facilities: number;
  /** Facilities with a release in the window. */
  events: number;
  baseRate: number | null;
  auc: Interval;
  prAuc: Interval;
  /** Share of the window's releases at the top 10 % of facilities by score. */
  topDecileCapture: number | null;
  ratePerScore: RateRow[];
  deciles: DecileRow[];
  /** The ROC curve of the 1-10 score. */
  roc: RocPoint[];
}

export interface RegionCoverage {
  region: string;
  facilities: number;
  tanks: number;
  tanksWithInstallationDate: number;
  releases: number;
  releasesWithReportedDate: number;
  /** The latest reported release: windows ending later are left out for the region. */
  dataEnd: string | null;
  /** Whether the region has both tank and release dates, which the backtest needs. */
  included: boolean;
}

export interface BacktestReport {
  options: Required<BacktestOptions>;
  regions: RegionCoverage[];
  cohorts: CohortFigures[];
}

export function runBacktest(histories: readonly FacilityHistory[], models: readonly ScoringModel[], options: BacktestOptions): BacktestReport {
  const resolved: Required<BacktestOptions> = { resamples: 1000, seed: 1, ...options };
  const regions = regionCoverage(histories);
  const dataEnd = new Map(regions.filter((region) => region.included).map((region) => [region.region, region.dataEnd!]));
  const cohorts: CohortFigures[] = [];
  for (const year of resolved.asOfYears) {
    const asOf = new Date(Date.UTC(year, 0, 1));
    const atT = histories
      .filter((history) => dataEnd.has(history.region))
      .map((history) => ({ history, known: facilityAt(history, asOf) }))
      // Scored only with a tank in service at T and every release placed in time.
      .filter(({ known }) => known.tanksInService > 0 && known.releasesUndated === 0);
    const scores = models.map((model) => atT.map(({ history, known }) => model.score(known.input, history.facilityId)));
    const probabilities = models.map((model) =>
      model.probability ? atT.map(({ history, known }) => model.probability!(known.input, history.facilityId)) : null,
    );
    for (const horizon of resolved.horizons) {
      const windowEnd = isoDay(yearsAfter(asOf, horizon));
      const observed = atT.map(({ history, known }, index) => ({ index, history, known, outcome: releaseWithin(history, asOf, horizon) }));
      const open = observed.filter(({ history }) => dataEnd.get(history.region)! >= windowEnd);
      for (const view of VIEWS) {
        const cohort = view === 'first release' ? open.filter(({ known }) => known.priorReleases === 0) : open;
        for (const [modelIndex, model] of models.entries()) {
          const rows = cohort.map(({ index, history, outcome }) => ({
            region: history.region,
            scored: { score: scores[modelIndex]![index]!, outcome, group: history.facilityId },
            predicted: { score: probabilities[modelIndex]?.[index] ?? scores[modelIndex]![index]!, outcome, group: history.facilityId },
          }));
          const byRegion = new Map<string, typeof rows>();
          for (const row of rows) (byRegion.get(row.region) ?? byRegion.set(row.region, []).get(row.region)!).push(row);
          const base = { model: model.id, view, asOf: isoDay(asOf), horizon };
          for (const [region, inRegion] of [...byRegion].sort(([a], [b]) => (a < b ? -1 : 1))) cohorts.push(figures({ ...base, region }, inRegion, resolved));
          if (byRegion.size > 1) cohorts.push(figures({ ...base, region: POOLED }, rows, resolved));
        }
      }
    }
  }
  return { options: resolved, regions, cohorts };
}

function figures(
  cohort: Pick<CohortFigures, 'model' | 'view' | 'asOf' | 'horizon' | 'region'>,
  observations: ReadonlyArray<{ scored: Scored; predicted: Scored }>,
  options: Required<BacktestOptions>,
): CohortFigures {
  const rows = observations.map(({ scored }) => scored);
  const events = rows.filter((row) => row.outcome).length;
  const interval = { resamples: options.resamples, seed: options.seed };
  return {
    ...cohort,
    facilities: rows.length,
    events,
    baseRate: rows.length ? events / rows.length : null,
    auc: bootstrapInterval(rows, rocAuc, interval),
    prAuc: bootstrapInterval(rows, prAuc, interval),
    topDecileCapture: topShareCapture(rows, 0.1),
    ratePerScore: ratePerScore(rows),
    roc: rocPoints(rows),
    // A probability model's deciles compare its mean prediction with the observed rate (calibration).
    deciles: deciles(observations.map(({ predicted }) => predicted)),
  };
}

/** What each region's records hold, and whether they can be backtested. */
export function regionCoverage(histories: readonly FacilityHistory[]): RegionCoverage[] {
  const byRegion = new Map<string, RegionCoverage>();
  for (const history of histories) {
    const region =
      byRegion.get(history.region) ??
      byRegion
        .set(history.region, {
          region: history.region,
          facilities: 0,
          tanks: 0,
          tanksWithInstallationDate: 0,
          releases: 0,
          releasesWithReportedDate: 0,
          dataEnd: null,
          included: false,
        })
        .get(history.region)!;
    region.facilities += 1;
    region.tanks += history.tanks.length;
    region.tanksWithInstallationDate += history.tanks.filter((tank) => tank.installation_date !== null).length;
    region.releases += history.releases.length;
    for (const release of history.releases) {
      if (release.reported_date === null) continue;
      region.releasesWithReportedDate += 1;
      if (region.dataEnd === null || release.reported_date > region.dataEnd) region.dataEnd = release.reported_date;
    }
  }
  for (const region of byRegion.values()) region.included = region.tanksWithInstallationDate > 0 && region.releasesWithReportedDate > 0;
  return [...byRegion.values()].sort((a, b) => (a.region < b.region ? -1 : 1));
}
