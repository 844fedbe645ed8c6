/**
 * The real files of pipelines/fixtures the demo dataset imports, and in which imports
 * (docs/decisions/0111-national-demo-real-records.md).
 */
import type { Config } from '@ust/platform';

/**
 * The EPA template CSV folders and UST Finder's tribal files: what DEMO_SCALE=fixtures imports
 * alone, in seconds, as the tests' dataset.
 */
export const REAL_SOURCES = ['epa-template/DC', 'epa-template/DE', 'epa-template/VT', 'epa-template/IL', 'epa-template/IA', 'ust-finder-tribal/2024-Nov/data'];

/**
 * States' own exports and release workbooks, imported with REAL_SOURCES as one import at every
 * generated scale (national or a fraction): no record id occurs twice among them, which one
 * import requires.
 */
export const STATE_EXPORT_SOURCES = [
  'state-native/UT',
  'state-native/WV',
  'state-native/TN',
  'epa-template-xlsx/MD',
  'epa-template-xlsx/OK',
  'epa-template-xlsx/WV',
];

/**
 * Imported after the others, each on its own: Utah's UST workbook lists most facilities of
 * state-native/UT/fac.csv under the same ids, which one import would reject as duplicates. As
 * the later import its facility records replace those (the tables keep each id's latest
 * version) and bring Utah's tanks; the facilities only fac.csv lists stay, and the cases of
 * ut_lust.csv link to either by id. Not one import: the duplicate-id refusal does not reach
 * across a workbook and a state export, so both records would be accepted under one id and
 * version, and the table would keep either.
 */
export const LATER_REAL_SOURCES = ['epa-template-xlsx/UT'];

/** The real imports of a demo build, in order, each a list of fixture folders. */
export function realImportsFor(scale: Config['DEMO_SCALE']): string[][] {
  if (scale === 'fixtures') return [REAL_SOURCES];
  return [[...REAL_SOURCES, ...STATE_EXPORT_SOURCES], ...LATER_REAL_SOURCES.map((source) => [source])];
}
