/**
 * How the data coverage reads, the same on the dashboard and on the map's "Data coverage"
 * layer (docs/decisions/0111-national-demo-real-records.md): each state's class, its colour,
 * and its real and generated records with the real files and their dates.
 */
import type { CoverageClass, CoverageSource, OriginCounts, StateCoverage } from '@ust/schemas';
// With its extension: the browser tests (web/e2e) import this file under Node's module resolution.
import { formatCount } from '../../components/format.js';

export const COVERAGE_CLASSES: readonly { coverage: CoverageClass; label: string; short: string; color: string }[] = [
  { coverage: 'real', label: 'Real records', short: 'real', color: '#1b7837' },
  { coverage: 'partly_real', label: 'Partly real', short: 'partly real', color: '#e0a526' },
  { coverage: 'generated', label: 'Generated demo records', short: 'generated', color: '#9e9ac8' },
];

/**
 * A state without any record: drawn opaque too, so the metric's colours underneath (the leak
 * rate's "no release data" among them) are not read as a class.
 */
export const NO_RECORDS = { label: 'No records', color: '#e5e7eb' } as const;

export function coverageColor(coverage: CoverageClass | 'none'): string {
  return COVERAGE_CLASSES.find((each) => each.coverage === coverage)?.color ?? NO_RECORDS.color;
}

export function coverageLabel(coverage: CoverageClass): string {
  return COVERAGE_CLASSES.find((each) => each.coverage === coverage)?.label ?? coverage;
}

/** '1,234 real, 56 generated'; '1,234 real' or '56 generated' alone; 'none'. */
export function formatOrigins({ real, generated }: OriginCounts): string {
  const parts = [...(real > 0 ? [`${formatCount(real)} real`] : []), ...(generated > 0 ? [`${formatCount(generated)} generated`] : [])];
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** 'state-native/UT/fac.csv (retrieved 2025-02-03)', '... (dated 2025-03-12)', tribal files named so. */
export function formatSource(source: CoverageSource): string {
  const date = source.date === null ? 'undated' : `${source.date_kind === 'file' ? 'dated' : 'retrieved'} ${source.date}`;
  return `${source.file} (${source.tribal ? 'tribal lands, ' : ''}${date})`;
}

/** The states of the map's shapes only (a code that names no state has no FIPS). */
export function coverageByFips(coverage: readonly StateCoverage[]): Map<string, StateCoverage> {
  return new Map(coverage.filter((state) => state.fips !== '').map((state) => [state.fips, state]));
}
