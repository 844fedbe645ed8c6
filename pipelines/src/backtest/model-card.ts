/**
 * The backtest as the risk model card (GET /api/risk-model, the Model page): the pooled figures
 * of every model, view, as-of date and window, the data they come from, the published bar and
 * what the figures cannot tell.
 */
import { RISK_MODEL_V1, RISK_MODEL_V2 } from '@ust/domain';
import type { RiskModelCard, RiskModelCohort } from '@ust/schemas';
import type { CrossValidatedModel } from './risk-v2.js';
import { FOLDS } from './risk-v2.js';
import { POOLED, type BacktestReport, type CohortFigures } from './run-backtest.js';

export const PUBLISHED_REFERENCE: RiskModelCard['published_reference'] = {
  description:
    'A first-release model on Texas and 17 other states’ facility-years (1990-2021), out of sample: its top 10 % of facilities hold 42 % of the next year’s releases.',
  roc_auc: 0.8,
  top_decile_capture: 0.42,
  source: 'Kaleb-K-Javier/UST-Insurance-Regime (paper draft, Output/Tables/Table_CV_Calibration)',
};

export const LIMITATIONS = [
  'Tested on four regions (DC, Utah, West Virginia, tribal lands): the only real records we hold with both tank installation dates and release dates. Other states may behave differently.',
  'The records hold today’s state: a tank’s past status and a site’s past receptors are rebuilt from dates or taken as today’s.',
  'Tanks closed without a removal date, or without an installation date, cannot be placed in time and are left out; West Virginia lists current tanks only, so neither model separates there.',
  'A release is recorded per facility, not per tank: the score says which sites, not which tanks, release.',
  'Both models stay well below the published bar (ROC AUC 0.80); a score orders sites, it does not predict a single site’s release.',
  'risk-v2 was fitted on sites with a tank in service: a site whose tanks are all closed is scored beyond the data it learned from, and a site without a single tank record (Illinois) is given the fitted sites’ mean for every tank input.',
  'risk-v2 predicts whether a site releases, not how much harm a release would do: receptors (people, private wells, protection areas, floodplain) are not among its inputs, and the exposure sheet lists them beside the score.',
];

/**
 * The fitted model replaces the points model only if its out-of-sample ROC AUC is higher in
 * every pooled cohort: each as-of date, window and view (first release and any release).
 */
export function chooseDefaultModel(cohorts: readonly CohortFigures[]): string {
  const pooled = cohorts.filter((cohort) => cohort.region === POOLED);
  const auc = (model: string, like: CohortFigures) =>
    pooled.find((cohort) => cohort.model === model && cohort.view === like.view && cohort.asOf === like.asOf && cohort.horizon === like.horizon)?.auc
      .estimate ?? null;
  const fitted = pooled.filter((cohort) => cohort.model === RISK_MODEL_V2.version);
  const beats = fitted.every((cohort) => {
    const points = auc(RISK_MODEL_V1.version, cohort);
    return cohort.auc.estimate !== null && points !== null && cohort.auc.estimate > points;
  });
  const views = new Set(fitted.map((cohort) => cohort.view));
  return fitted.length > 0 && views.size === 2 && beats ? RISK_MODEL_V2.version : RISK_MODEL_V1.version;
}

function cohortOf(figures: CohortFigures): RiskModelCohort {
  return {
    model: figures.model,
    view: figures.view,
    as_of: figures.asOf,
    horizon_years: figures.horizon,
    facilities: figures.facilities,
    events: figures.events,
    base_rate: figures.baseRate,
    roc_auc: figures.auc,
    pr_auc: figures.prAuc,
    top_decile_capture: figures.topDecileCapture,
    roc: figures.roc.map((point) => ({ false_positive_rate: point.falsePositiveRate, true_positive_rate: point.truePositiveRate })),
    calibration: figures.deciles.map((decile) => ({
      decile: decile.decile,
      facilities: decile.n,
      mean_prediction: decile.meanScore,
      observed_rate: decile.observedRate,
    })),
    rate_per_score: figures.ratePerScore.map((row) => ({
      score: Number(row.key),
      facilities: row.n,
      events: row.events,
      rate: row.rate,
      low: row.low,
      high: row.high,
    })),
  };
}

export function toModelCard(report: BacktestReport, v2: CrossValidatedModel, generatedAt: Date): RiskModelCard {
  const regions = new Set(report.cohorts.map((cohort) => cohort.region));
  // Pooled figures where several regions were read; the one region's otherwise.
  const shown = regions.has(POOLED) ? report.cohorts.filter((cohort) => cohort.region === POOLED) : report.cohorts;
  return {
    default_model: chooseDefaultModel(report.cohorts),
    generated_at: generatedAt.toISOString(),
    models: [
      {
        id: RISK_MODEL_V1.version,
        kind: 'points',
        description:
          'Hand-set points per factor (tank age, construction and protection, release history, substance, size, receptors), summed and stepped to 1-10.',
      },
      {
        id: RISK_MODEL_V2.version,
        kind: 'logistic',
        description: `A logistic model of a release within 3 years, fitted on ${v2.rows.toLocaleString('en-US')} real facility-years (${v2.events.toLocaleString('en-US')} with a release); figures out of sample (${FOLDS} folds by facility, each region in every fold); stepped to 1-10 by predicted probability.`,
        coefficients: [
          { feature: 'intercept', coefficient: v2.coefficients[0]! },
          ...RISK_MODEL_V2.features.map((feature, index) => ({
            feature: feature.label,
            coefficient: v2.coefficients[index + 1]!,
            mean: v2.inputMeans[index]!,
          })),
        ],
      },
    ],
    data: report.regions.map((region) => ({
      region: region.region,
      facilities: region.facilities,
      tanks_dated: region.tanksWithInstallationDate,
      releases_dated: region.releasesWithReportedDate,
      data_end: region.dataEnd,
      backtested: region.included,
    })),
    published_reference: PUBLISHED_REFERENCE,
    cohorts: shown.map(cohortOf),
    limitations: LIMITATIONS,
  };
}
