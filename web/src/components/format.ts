/**
 * How every screen writes numbers, money, places and times (docs/product.md sections 2 and 9).
 * The product is US-only and the spec's figures use US separators, so the locale is fixed
 * rather than the browser's: '742,860' must not become '742.860' for a German browser. Times
 * are shown in the browser's time zone. Pure functions, unit-tested without a DOM.
 */

const LOCALE = 'en-US';

/** A labelled figure as the cards, panels and hover cards show it. */
export interface Figure {
  label: string;
  value: string;
  /** Shown smaller after the value: ' years', '%'. */
  unit?: string;
}

/** What a missing value reads as, everywhere. */
export const NOT_AVAILABLE = 'N/A';

const wholeFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const oneDecimalFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const usdFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const timestampFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });
const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const clockTimeFormat = new Intl.DateTimeFormat(LOCALE, { timeStyle: 'medium' });

function isMissing(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || !Number.isFinite(value);
}

/** Thousands separators, no decimals: counts, tank capacities, population. */
export function formatCount(value: number | null | undefined): string {
  return isMissing(value) ? NOT_AVAILABLE : wholeFormat.format(value);
}

/** One decimal, as the spec writes averages and rates: '37.1'. */
export function formatOneDecimal(value: number | null | undefined): string {
  return isMissing(value) ? NOT_AVAILABLE : oneDecimalFormat.format(value);
}

/** A percentage with one decimal: '33.4%'. */
export function formatPercent(value: number | null | undefined): string {
  return isMissing(value) ? NOT_AVAILABLE : `${oneDecimalFormat.format(value)}%`;
}

/** An age with one decimal: '44.9 years'. */
export function formatYears(value: number | null | undefined): string {
  return isMissing(value) ? NOT_AVAILABLE : `${oneDecimalFormat.format(value)} years`;
}

/** '$1,234': USD without decimals (docs/product.md section 9). */
export function formatUsd(value: number | null | undefined): string {
  return isMissing(value) ? NOT_AVAILABLE : usdFormat.format(value);
}

/**
 * A latitude or longitude without separators: 6 decimals in the dialogs and the geocoding panel
 * (docs/product.md section 9), 4 in tables.
 */
export function formatCoordinate(value: number | null | undefined, decimals = 6): string {
  return isMissing(value) ? NOT_AVAILABLE : value.toFixed(decimals);
}

/** Search distances, 2 decimals as the server rounds them: '0.15 miles'. */
export function formatMiles(miles: number): string {
  return `${miles.toFixed(2)} miles`;
}

export function formatYesNo(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  return value ? 'Yes' : 'No';
}

/** A facility's leaks when its state's source has no release table (docs/decisions/0037-leaks-not-reported.md). */
export const NOT_REPORTED = 'Not reported';

/**
 * 'Yes' / 'No', or 'Not reported' when the source has no release data: null HAS_LEAK means
 * unknown, and 'No' would read as "no leaks".
 */
export function formatLeak(hasLeak: boolean | null | undefined): string {
  if (hasLeak === null || hasLeak === undefined) return NOT_REPORTED;
  return hasLeak ? 'Yes' : 'No';
}

/** A text field of a record, 'N/A' when empty. */
export function formatText(value: string | null | undefined): string {
  return value || NOT_AVAILABLE;
}

/** An address on one line, without the missing parts. */
export function formatAddress(parts: { address: string | null; city: string | null; state: string | null; zip: string | null }): string {
  const stateZip = [parts.state, parts.zip].filter(Boolean).join(' ');
  return [parts.address, parts.city, stateZip].filter(Boolean).join(', ') || NOT_AVAILABLE;
}

/** An ISO time with one format; an unreadable timestamp is shown as given. */
function formatIso(format: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

/** 'Mar 5, 2026, 2:14 PM': where the minute is enough. */
export const formatDateTime = (iso: string): string => formatIso(dateTimeFormat, iso);
/** 'Mar 5, 2026, 2:14:03 PM': logs and activities need the seconds. */
export const formatTimestamp = (iso: string): string => formatIso(timestampFormat, iso);
/** 'Mar 5, 2026'. */
export const formatDate = (iso: string): string => formatIso(dateFormat, iso);
/** '2:14:03 PM': a time whose day is already shown nearby. */
export const formatClockTime = (iso: string): string => formatIso(clockTimeFormat, iso);
