/**
 * The risk models the platform can score with, by id. Every stored score names its model
 * (RiskAssessment.model_version); RISK_MODEL selects the one a rebuild scores with
 * (docs/decisions/0043-risk-model-on-real-records.md).
 */
import { RISK_MODEL_IDS, type RiskModelId } from '@ust/schemas';
import { RISK_MODEL_V1 } from './risk-model-v1.js';
import { RISK_MODEL_V2, type LogisticRiskModel } from './risk-model-v2.js';
import type { RiskModel } from './risk-types.js';

export type AnyRiskModel = RiskModel | LogisticRiskModel;

export const RISK_MODELS: Readonly<Record<RiskModelId, AnyRiskModel>> = {
  'risk-v1': RISK_MODEL_V1,
  'risk-v2': RISK_MODEL_V2,
};

/**
 * risk-v2: its out-of-sample ROC AUC beat risk-v1's pooled in every as-of date, window and
 * view of the backtest, the bar for replacing it (the card's default_model says the same; a
 * test holds them together).
 */
export const DEFAULT_RISK_MODEL: AnyRiskModel = RISK_MODEL_V2;

export function riskModelById(id: string): AnyRiskModel {
  const model = RISK_MODELS[id as RiskModelId];
  if (!model) throw new Error(`Unknown risk model "${id}": known models are ${RISK_MODEL_IDS.join(', ')}`);
  return model;
}
