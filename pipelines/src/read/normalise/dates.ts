/**
 * Dates of the state exports -> ISO `YYYY-MM-DD`. Seen in the fixtures: ISO (`2017-09-21`),
 * Oracle's `01-JAN-1970` (UST Finder), Tennessee's month first `APR-05-1994`, a bare year
 * written by pandas (`1998.0`, Vermont), and US `9/21/2017` in other EPA template exports.
 */

export type DateResult =
  | { kind: 'date'; value: string }
  | { kind: 'blank' }
  /** Not a calendar date in any known format. */
  | { kind: 'unparseable' }
  /** A sentinel for "unknown" (see PLACEHOLDER_DATES). */
  | { kind: 'placeholder'; value: string }
  /** Later than the import's as-of date, so it cannot have happened yet. */
  | { kind: 'future'; value: string };

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/**
 * 1 January 1910 is Utah's "installation date unknown": 2,062 of the 18,554 tanks of its 2025
 * template workbook give it, against at most 715 for any year (1971) and 6 for any other day
 * of 1910, so it is read as unknown (and reported), never as a 115-year-old tank. (One tribal
 * tank gives it too.)
 */
const UTAH_UNKNOWN_INSTALLATION = '1910-01-01';

/**
 * 1 January 1900 stands for "installation date unknown": UST Finder's tribal tanks carry it
 * 1,065 times (12 % of all tanks, against at most ~380 for any real year) and Delaware 19
 * times, while no other date before 1906 occurs. Keeping it would make those tanks 125 years
 * old and dominate AVG_TANK_AGE and MAX_TANK_AGE, so it is nulled (and reported).
 * 1 January 1970 is NOT treated as a placeholder: in the tribal tanks it occurs 70 times,
 * in line with its neighbours (1969: 33, 1971: 147), i.e. it reads like a real year with an
 * unknown day, as every `01-JAN-YYYY` there does.
 */
export const PLACEHOLDER_DATES: ReadonlySet<string> = new Set(['1900-01-01', UTAH_UNKNOWN_INSTALLATION]);

/** Dates before this year are typing errors, not UST history (the first USTs date from ~1900). */
const EARLIEST_YEAR = 1850;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isoIfValid(year: number, month: number, day: number): string | null {
  if (year < EARLIEST_YEAR || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 April over to 1 May: a round trip catches impossible days.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Reads one date cell; `asOf` bounds it (an installation in 2049 is a typo, not a plan). */
export function parseDate(value: string | undefined, asOf: Date): DateResult {
  const text = (value ?? '').trim();
  if (text === '' || /^(unknown|n\/a|na|null)$/i.test(text)) return { kind: 'blank' };
  const iso = toIso(text);
  if (iso === null) return { kind: 'unparseable' };
  if (PLACEHOLDER_DATES.has(iso)) return { kind: 'placeholder', value: iso };
  if (iso > asOf.toISOString().slice(0, 10)) return { kind: 'future', value: iso };
  return { kind: 'date', value: iso };
}

function toIso(text: string): string | null {
  // ISO, possibly with a time part ('2017-09-21 00:00:00', '2017-09-21T00:00:00Z').
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  if (match) return isoIfValid(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(text);
  if (match) {
    const month = MONTHS[match[2]!.toLowerCase()];
    return month === undefined ? null : isoIfValid(Number(match[3]), month, Number(match[1]));
  }
  // Tennessee's cases: the month's name first, `APR-05-1994`.
  match = /^([A-Za-z]{3})-(\d{1,2})-(\d{4})$/.exec(text);
  if (match) {
    const month = MONTHS[match[1]!.toLowerCase()];
    return month === undefined ? null : isoIfValid(Number(match[3]), month, Number(match[2]));
  }
  // US order (month first): EPA's template and US state systems never write day-first dates.
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: .*)?$/.exec(text);
  if (match) return isoIfValid(Number(match[3]), Number(match[1]), Number(match[2]));
  // A year alone (Vermont writes installation years as '1998.0'): 1 January, the convention
  // UST Finder itself uses for year-only dates (`01-JAN-YYYY`).
  match = /^(\d{4})(?:\.0+)?$/.exec(text);
  if (match) return isoIfValid(Number(match[1]), 1, 1);
  return null;
}
