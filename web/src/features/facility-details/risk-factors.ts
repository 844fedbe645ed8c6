/**
 * Readable names of the risk model's factors (docs/risk-model.md, 'Factors'). A factor a later
 * model version adds still shows, under its key made readable.
 */
import type { RiskAssessment } from '@ust/schemas';
import { formatCount, NOT_AVAILABLE } from '../../components/format';
import { fieldLabel } from './other-fields';

const FACTOR_LABELS: Record<string, string> = {
  active_tank_count: 'Tanks in use',
  temporarily_out_of_service_tanks: 'Tanks temporarily out of service',
  oldest_tank_age: 'Oldest tank age (years)',
  average_tank_age: 'Average tank age (years)',
  protection_score: 'Protection score (0-100)',
  single_walled_tanks: 'Single-walled tanks',
  substance: 'Substance stored',
  capacity_gallons: 'Capacity (gallons)',
  release_count: 'Releases on record',
  open_releases: 'Open releases',
  years_since_latest_release: 'Years since latest release',
  closed_with_residual_contamination: 'Closed with residual contamination',
  population_1500ft: 'Population within 1,500 ft',
  private_wells_1500ft: 'Private wells within 1,500 ft',
  within_spa: 'Within a source-water protection area',
  within_whpa: 'Within a wellhead protection area',
  within_100yr_floodplain: 'Within the 100-year floodplain',
};

export function riskFactorLabel(factor: string): string {
  return FACTOR_LABELS[factor] ?? fieldLabel(factor);
}

/** The model lists missing data as null and scores it as unknown (docs/risk-model.md, 'Unknown data'). */
export function riskFactorValue(value: RiskAssessment['factors'][number]['value']): string {
  if (value === null) return 'Unknown';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isInteger(value) ? formatCount(value) : value.toFixed(1);
  return value || NOT_AVAILABLE;
}
