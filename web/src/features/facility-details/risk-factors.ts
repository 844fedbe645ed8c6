/**
 * Readable names of the risk model's factors (docs/risk-model.md, 'Factors'). A factor a later
 * model version adds still shows, under its key made readable.
 */
import type { RiskAssessment } from '@ust/schemas';
import { RISK_FACTOR_LABELS } from '@ust/schemas/constants';
import { formatCount, NOT_AVAILABLE } from '../../components/format';
import { fieldLabel } from './other-fields';

export function riskFactorLabel(factor: string): string {
  return RISK_FACTOR_LABELS[factor] ?? fieldLabel(factor);
}

/** The model lists missing data as null and scores it as unknown (docs/risk-model.md, 'Unknown data'). */
export function riskFactorValue(value: RiskAssessment['factors'][number]['value']): string {
  if (value === null) return 'Unknown';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isInteger(value) ? formatCount(value) : value.toFixed(1);
  return value || NOT_AVAILABLE;
}
