/**
 * The real files of pipelines/fixtures the demo dataset imports
 * (docs/decisions/0111-national-demo-real-records.md).
 */
import type { Config } from '@ust/platform';

/**
 * The EPA template CSV folders and UST Finder's tribal files: what DEMO_SCALE=fixtures imports
 * alone, in seconds, as the tests' dataset.
 */
export const REAL_SOURCES = ['epa-template/DC', 'epa-template/DE', 'epa-template/VT', 'epa-template/IL', 'epa-template/IA', 'ust-finder-tribal/2024-Nov/data'];

/**
 * States' own exports and template workbooks, imported with REAL_SOURCES as one import at every
 * generated scale (national or a fraction). Utah has two facility files under the same ids: an
 * import reads its files in path order and rejects a repeated id as a duplicate, so each Utah
 * facility comes once, from the UST workbook (`epa-template-xlsx/UT`, which also holds the
 * tanks), and fac.csv adds the facilities the workbook lacks; ut_lust.csv's cases link to either
 * by id. One import rather than two spares the first start a second import and rebuild.
 * Tennessee's cases join as `'state-native/TN'` once their mapping lands.
 */
export const STATE_EXPORT_SOURCES = [
  'epa-template-xlsx/UT',
  'state-native/UT',
  'state-native/WV',
  'epa-template-xlsx/MD',
  'epa-template-xlsx/OK',
  'epa-template-xlsx/WV',
];

/** The real folders of a demo build's one real import. */
export function realSourcesFor(scale: Config['DEMO_SCALE']): string[] {
  return scale === 'fixtures' ? REAL_SOURCES : [...REAL_SOURCES, ...STATE_EXPORT_SOURCES];
}
