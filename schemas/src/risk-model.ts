/**
 * The risk model card (GET /api/risk-model and the Model page): how the risk score was tested
 * on real outcomes, what it was tested on, and the figures, as `pnpm backtest` measured them
 * (docs/risk-model.md, 'Backtest'). Pooled figures only; per-region figures are in
 * docs/risk-model-backtest.json.
 */
import Type, { type Static } from 'typebox';

export { DEFAULT_RISK_MODEL_ID, RISK_MODEL_IDS, type RiskModelId } from './constants.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const Interval = Type.Object({
  estimate: Nullable(Type.Number()),
  /** 95 % bootstrap interval (facilities resampled). */
  low: Nullable(Type.Number()),
  high: Nullable(Type.Number()),
});

export const RiskModelCohort = Type.Object({
  model: Type.String(),
  view: Type.Enum(['first release', 'any release']),
  /** The as-of date T, ISO. */
  as_of: Type.String(),
  /** The outcome window: a release reported in (T, T + horizon_years]. */
  horizon_years: Type.Integer(),
  facilities: Type.Integer(),
  /** Facilities with a release in the window. */
  events: Type.Integer(),
  base_rate: Nullable(Type.Number()),
  roc_auc: Interval,
  pr_auc: Interval,
  /** Share of the window's releases at the top 10 % of facilities by score. */
  top_decile_capture: Nullable(Type.Number()),
  /** The ROC curve through each score threshold, from (0, 0) to (1, 1). */
  roc: Type.Array(Type.Object({ false_positive_rate: Type.Number(), true_positive_rate: Type.Number() })),
  /** Facilities in ten groups by score: mean prediction (a probability model) or mean score, and the observed rate. */
  calibration: Type.Array(Type.Object({ decile: Type.Integer(), facilities: Type.Integer(), mean_prediction: Type.Number(), observed_rate: Type.Number() })),
  rate_per_score: Type.Array(
    Type.Object({
      score: Type.Integer(),
      facilities: Type.Integer(),
      events: Type.Integer(),
      rate: Nullable(Type.Number()),
      low: Nullable(Type.Number()),
      high: Nullable(Type.Number()),
    }),
  ),
});
export type RiskModelCohort = Static<typeof RiskModelCohort>;

export const RiskModelCard = Type.Object({
  /**
   * The model the platform's stored scores use: the live dataset's (RISK_MODEL) in the API; in
   * the backtest's file, the one its rule chose (the fitted model when it beats the points model
   * pooled in every cohort).
   */
  default_model: Type.String(),
  /** When the backtest ran. */
  generated_at: Type.String(),
  models: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.Enum(['points', 'logistic']),
      description: Type.String(),
      /** Logistic models: each feature's coefficient (the intercept first). */
      coefficients: Type.Optional(
        Type.Array(
          Type.Object({
            feature: Type.String(),
            coefficient: Type.Number(),
            /** The input's mean over the facility-years fitted on (absent for the intercept). */
            mean: Type.Optional(Type.Number()),
          }),
        ),
      ),
    }),
  ),
  /** The regions the backtest read, with what their records hold. */
  data: Type.Array(
    Type.Object({
      region: Type.String(),
      facilities: Type.Integer(),
      tanks_dated: Type.Integer(),
      releases_dated: Type.Integer(),
      data_end: Nullable(Type.String()),
      backtested: Type.Boolean(),
    }),
  ),
  published_reference: Type.Object({ description: Type.String(), roc_auc: Type.Number(), top_decile_capture: Type.Number(), source: Type.String() }),
  cohorts: Type.Array(RiskModelCohort),
  /** What the figures cannot tell. */
  limitations: Type.Array(Type.String()),
});
export type RiskModelCard = Static<typeof RiskModelCard>;

export const ValidatedAuc = Type.Object({ roc_auc: Type.Number(), low: Nullable(Type.Number()), high: Nullable(Type.Number()), facilities: Type.Integer() });

/**
 * How the model of a score did on real outcomes, as the exposure sheet cites it: the pooled ROC
 * AUC of both views for the latest as-of date with a 3-year window in the model card.
 */
export const RiskValidation = Type.Object({
  model: Type.String(),
  as_of: Type.String(),
  horizon_years: Type.Integer(),
  first_release: ValidatedAuc,
  any_release: ValidatedAuc,
});
export type RiskValidation = Static<typeof RiskValidation>;
export type ValidatedAuc = Static<typeof ValidatedAuc>;
