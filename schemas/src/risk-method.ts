/**
 * How a score's factors make it, in words the facility dialog, the exposure sheet and its PDF
 * share: a fitted model's probability and log-odds, or a points model's sum. Free of typebox, so
 * the web app can import it; apart from risk-validation.ts, which only the sheet needs.
 */
import type { RiskAssessment } from './facility-data.js';

export function riskMethodText(risk: Pick<RiskAssessment, 'model_version' | 'probability' | 'horizon_years' | 'factors'>): string {
  if (risk.probability !== undefined) {
    const window = risk.horizon_years === undefined ? '' : ` within ${risk.horizon_years} years`;
    return (
      `Model ${risk.model_version}: ${(risk.probability * 100).toFixed(1)} % probability of a release${window}, stepped to the 1-10 score. ` +
      `Each factor's points are its contribution to the log-odds: positive raises the risk, negative lowers it.`
    );
  }
  const total = risk.factors.reduce((sum, factor) => sum + factor.points, 0);
  return `Model ${risk.model_version}: the factors' points add up to ${total}, stepped to the 1-10 score. Unknown data scores half a factor's points.`;
}
