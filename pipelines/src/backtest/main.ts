/**
 * `pnpm backtest`: the risk model's backtest on every real fixture file (docs/risk-model.md,
 * 'Backtest'). Prints the tables and writes them as JSON (docs/risk-model-backtest.json, or the
 * path given), so the figures in the docs can be checked by anyone who runs it again, and the
 * model card the API serves (services/domain/risk-models/risk-model-card.json).
 *
 *   pnpm backtest [--json <file>] [--resamples <n>]
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { calculateRiskScore, RISK_MODEL_CARD_FILE, RISK_MODEL_V1, RISK_MODEL_V2 } from '@ust/domain';
import { FIXTURES_DIRECTORY } from '../demo/build-demo.js';
import { realImportsFor } from '../demo/real-sources.js';
import { readRealHistories } from './facility-histories.js';
import { toModelCard } from './model-card.js';
import { formatRatePerScore, formatReport } from './format-report.js';
import { crossValidate, FOLDS } from './risk-v2.js';
import { POOLED, regionCoverage, runBacktest, VIEWS, type ScoringModel } from './run-backtest.js';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');
export const DEFAULT_REPORT_FILE = path.join(REPOSITORY_ROOT, 'docs/risk-model-backtest.json');
export const AS_OF_YEARS = [2000, 2005, 2010, 2015];
export const HORIZONS = [1, 3, 5];
/** The window the tables of rates per score show (the and the research's main window is 3 years). */
const MAIN_HORIZON = 3;

const { values } = parseArgs({ options: { json: { type: 'string' }, resamples: { type: 'string' } } });
const resamples = values.resamples === undefined ? 1000 : Number(values.resamples);
if (!Number.isInteger(resamples) || resamples < 0) throw new Error(`--resamples must be a whole number, got ${values.resamples}`);

const started = performance.now();
// The demo's real imports in their order (docs/decisions/0111): a later record replaces an earlier one of the same id.
const histories = await readRealHistories(FIXTURES_DIRECTORY, realImportsFor('national'));
const read = performance.now();
const dataEnd = new Map(regionCoverage(histories).flatMap((region) => (region.included ? [[region.region, region.dataEnd!] as const] : [])));
const v2 = crossValidate(histories, AS_OF_YEARS, dataEnd);
const models: ScoringModel[] = [{ id: RISK_MODEL_V1.version, score: (input) => calculateRiskScore(input, RISK_MODEL_V1).score }, v2.outOfSample];
const report = runBacktest(histories, models, { asOfYears: AS_OF_YEARS, horizons: HORIZONS, resamples });
for (const line of formatReport(report)) console.log(line);
for (const model of models) {
  for (const view of VIEWS) {
    for (const cohort of report.cohorts.filter((each) => each.model === model.id && each.view === view && each.horizon === MAIN_HORIZON)) {
      const regions = new Set(
        report.cohorts.filter((each) => each.asOf === cohort.asOf && each.view === view && each.horizon === MAIN_HORIZON).map((each) => each.region),
      );
      if (cohort.region !== POOLED && regions.has(POOLED)) continue;
      console.log(`\n${model.id}, ${view}, as of ${cohort.asOf}, release within ${MAIN_HORIZON} years, ${cohort.region}: rate per score`);
      for (const line of formatRatePerScore(cohort)) console.log(line);
    }
  }
}
console.log(
  `\n${v2.outOfSample.id}: logistic, release within ${RISK_MODEL_V2.horizonYears} years, fitted on ${v2.rows} facility-years (${v2.events} with a release); figures above out of sample (${FOLDS} folds by facility, each region in every fold). Coefficients on every row:`,
);
console.log(
  ['intercept', ...RISK_MODEL_V2.features.map((feature) => feature.label)]
    .map((name, index) => `  ${v2.coefficients[index]!.toFixed(3).padStart(7)}  ${name}`)
    .join('\n'),
);
const fitted = {
  id: v2.outOfSample.id,
  horizon_years: RISK_MODEL_V2.horizonYears,
  folds: FOLDS,
  rows: v2.rows,
  events: v2.events,
  features: ['intercept', ...RISK_MODEL_V2.features.map((feature) => feature.label)],
  coefficients: v2.coefficients,
  input_means: v2.inputMeans,
  probability_steps: RISK_MODEL_V2.probabilitySteps,
};
const generatedAt = new Date();
const file = values.json ?? DEFAULT_REPORT_FILE;
// The card the API serves follows the report it was made from (a run with --json elsewhere leaves it).
if (values.json === undefined) await writeFile(RISK_MODEL_CARD_FILE, `${JSON.stringify(toModelCard(report, v2, generatedAt), null, 2)}\n`);
await writeFile(file, `${JSON.stringify({ generated_at: generatedAt.toISOString(), models: models.map((model) => model.id), fitted, ...report }, null, 2)}\n`);
console.log(
  `\n${histories.length} real facilities read in ${((read - started) / 1000).toFixed(1)} s, backtested in ${((performance.now() - read) / 1000).toFixed(1)} s; written to ${path.relative(process.cwd(), file)}`,
);
