/** The backtest report as text tables, for the terminal and docs/risk-model.md. */
import type { BacktestReport, CohortFigures } from './run-backtest.js';
import type { Interval } from './metrics.js';
import { PUBLISHED_REFERENCE } from './model-card.js';

const fixed = (value: number | null, digits = 3) => (value === null ? '-' : value.toFixed(digits));
const percent = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)} %`);
const withInterval = (interval: Interval) =>
  interval.estimate === null ? '-' : `${fixed(interval.estimate)} (${fixed(interval.low)}-${fixed(interval.high)})`;

/** Columns padded to their widest cell; numbers right-aligned. */
export function textTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)];
}

export function formatReport(report: BacktestReport): string[] {
  const lines: string[] = [];
  lines.push('Real records by region (only regions with both tank installation dates and release dates are backtested)', '');
  lines.push(
    ...textTable(
      ['region', 'facilities', 'tanks', 'tanks dated', 'releases linked', 'releases dated', 'data end', 'backtested'],
      report.regions.map((region) => [
        region.region,
        String(region.facilities),
        String(region.tanks),
        String(region.tanksWithInstallationDate),
        String(region.releases),
        String(region.releasesWithReportedDate),
        region.dataEnd ?? '-',
        region.included ? 'yes' : 'no',
      ]),
    ),
  );
  lines.push(
    '',
    `Discrimination, ${report.options.resamples} bootstrap resamples of facilities (95 % intervals); beside the published bar, ROC AUC ${fixed(PUBLISHED_REFERENCE.roc_auc, 2)}: ${PUBLISHED_REFERENCE.description}`,
    '',
  );
  lines.push(
    ...textTable(
      ['model', 'view', 'as of', 'years', 'region', 'facilities', 'with release', 'base rate', 'ROC AUC (95 %)', 'PR-AUC (95 %)', 'top 10 % capture'],
      report.cohorts.map((cohort) => [
        cohort.model,
        cohort.view,
        cohort.asOf,
        String(cohort.horizon),
        cohort.region,
        String(cohort.facilities),
        String(cohort.events),
        percent(cohort.baseRate),
        withInterval(cohort.auc),
        withInterval(cohort.prAuc),
        percent(cohort.topDecileCapture),
      ]),
    ),
  );
  return lines;
}

/** Release rate per score of one cohort, with Wilson intervals. */
export function formatRatePerScore(cohort: CohortFigures): string[] {
  return textTable(
    ['score', 'facilities', 'with release', 'rate (95 %)'],
    cohort.ratePerScore.map((row) => [
      row.key,
      String(row.n),
      String(row.events),
      row.rate === null ? '-' : `${percent(row.rate)} (${percent(row.low)}-${percent(row.high)})`,
    ]),
  );
}
