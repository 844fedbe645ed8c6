export { calculateRiskScore, riskBand, scoreFromPoints, tanksInTheGround, RISK_BANDS } from './calculate-risk-score.js';
export { RISK_MODEL_V1 } from './risk-model-v1.js';
export type { RiskAssessment, RiskBand, RiskFactor, RiskInput, RiskModel, RiskReceptors, RiskRelease, RiskTank } from './risk-types.js';
export { RISK_MODEL_CARD_FILE } from './model-card-file.js';
export { featureValues, releaseProbability, RISK_MODEL_V2, scoreOfProbability, type LogisticRiskModel } from './risk-model-v2.js';
export { DEFAULT_RISK_MODEL, RISK_MODELS, riskModelById, type AnyRiskModel } from './risk-models.js';
