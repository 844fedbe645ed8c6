import type { RiskBand } from './risk-types.js';

/** docs/product.md section 9: 1-3 low, 4-6 moderate, 7-10 high. */
export const RISK_BANDS: ReadonlyArray<{ band: RiskBand; from: number; to: number }> = [
  { band: 'low', from: 1, to: 3 },
  { band: 'moderate', from: 4, to: 6 },
  { band: 'high', from: 7, to: 10 },
];

export function riskBand(score: number): RiskBand {
  return score <= 3 ? 'low' : score <= 6 ? 'moderate' : 'high';
}
