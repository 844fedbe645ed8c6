/** The words and figures of the exposure sheet PDF (USD without decimals, docs/product.md section 3). */
import { RISK_FACTOR_LABELS, type ExposureSheet, type RiskAssessment } from '@ust/schemas';

export const GENERATED_RECORD_NOTE = 'Generated demo record: this facility, its tanks and releases are generated for the demo, not read from a state file.';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatDollars(value: number): string {
  return dollars.format(value);
}

export function formatCount(value: number): string {
  return counts.format(value);
}

export function formatText(value: string | null): string {
  return value === null || value === '' ? 'Unknown' : value;
}

export function formatFlag(value: boolean | null): string {
  return value === null ? 'Unknown' : value ? 'Yes' : 'No';
}

export function formatCapacity(gallons: number | null): string {
  return gallons === null ? 'Unknown' : formatCount(gallons);
}

export function exposureSheetTitle(sheet: ExposureSheet): string {
  return `Exposure sheet: ${sheet.facility.name ?? 'Unnamed facility'} (${sheet.facility.facility_id})`;
}

/** 'As of dataset version 3, built 2026-11-27 06:12 UTC (import imp-...)'. */
export function formatAsOf(sheet: ExposureSheet): string {
  const { dataset_version, generated_at, import_id } = sheet.as_of;
  if (generated_at === null) return 'As of the live records (no dataset built yet)';
  const built = `${generated_at.slice(0, 10)} ${generated_at.slice(11, 16)} UTC`;
  return `As of dataset version ${dataset_version}, built ${built}${import_id ? ` (import ${import_id})` : ''}`;
}

export function sourceLine(sheet: ExposureSheet): string {
  const { source, source_line, import_id } = sheet.facility;
  if (sheet.facility.is_generated) return `Generated demo record (import ${import_id})`;
  return `${source}, line ${source_line} (import ${import_id})`;
}

export function receptorRows(sheet: ExposureSheet): string[][] {
  const { receptors } = sheet;
  const population = receptors.population_1500ft === null ? 'Unknown' : formatCount(receptors.population_1500ft);
  const wells = receptors.private_wells_1500ft === null ? 'Unknown' : formatCount(receptors.private_wells_1500ft);
  const withType = (flag: boolean | null, type: string | null) => (flag && type ? `Yes (${type})` : formatFlag(flag));
  return [
    ['Population within 1,500 ft', population],
    ['Private wells within 1,500 ft', wells],
    ['Within a source-water protection area', withType(receptors.within_spa, receptors.spa_water_type)],
    ['Within a wellhead protection area', withType(receptors.within_whpa, receptors.whpa_water_type)],
    ['Within the 100-year floodplain', formatFlag(receptors.within_100yr_floodplain)],
  ];
}

function factorValue(value: RiskAssessment['factors'][number]['value']): string {
  if (value === null) return 'Unknown';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isInteger(value) ? formatCount(value) : value.toFixed(1);
  return value || 'Unknown';
}

export function riskFactorRows(risk: RiskAssessment): string[][] {
  return risk.factors.map((factor) => [RISK_FACTOR_LABELS[factor.factor] ?? factor.factor, factorValue(factor.value), String(factor.points)]);
}
