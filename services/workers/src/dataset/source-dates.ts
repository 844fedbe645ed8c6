/**
 * The date of a real source file, for the coverage's list of sources: the file's own date when
 * it carries one (a template workbook's export stamp `_YYYYMMDDhhmmss.xlsx`, UST Finder's dated
 * folder), else the day the demo's fixtures were copied from their public repository
 * (pipelines/fixtures/README.md). A file uploaded by an administrator has neither: null.
 */
import type { CoverageSource } from '@ust/schemas';

const WORKBOOK_STAMP = /_(\d{4})(\d{2})(\d{2})\d{6}\.xlsx$/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATED_FOLDER = /(?:^|\/)(\d{4})-([a-z]{3})\//i;

/** Fixture folders by the commit date of the repository they were copied from (pipelines/fixtures/README.md). */
const RETRIEVED: ReadonlyArray<readonly [prefix: string, date: string]> = [
  ['epa-template/', '2025-02-03'],
  ['state-native/', '2025-02-03'],
  ['epa-template-xlsx/', '2025-05-30'],
  ['ust-finder-tribal/', '2025-05-30'],
];

export function sourceFileDate(file: string): Pick<CoverageSource, 'date' | 'date_kind'> {
  const stamp = WORKBOOK_STAMP.exec(file);
  if (stamp) return { date: `${stamp[1]}-${stamp[2]}-${stamp[3]}`, date_kind: 'file' };
  const folder = DATED_FOLDER.exec(file);
  const month = folder ? MONTHS.indexOf(folder[2]!.toLowerCase()) : -1;
  if (folder && month >= 0) return { date: `${folder[1]}-${String(month + 1).padStart(2, '0')}`, date_kind: 'file' };
  const retrieved = RETRIEVED.find(([prefix]) => file.startsWith(prefix));
  return retrieved ? { date: retrieved[1], date_kind: 'retrieved' } : { date: null, date_kind: null };
}
