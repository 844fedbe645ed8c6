/**
 * How the details dialogs and the search screen write figures (SPEC.md sections 2 and 9):
 * currency in whole US dollars, coordinates to 6 decimals, the risk score's colour band and
 * the release status badge (DECISIONS.md 11). Pure functions, unit-tested.
 */
import type { ReleaseDetails } from '@ust/schemas';

/** What a missing value reads as, everywhere. */
export const NOT_AVAILABLE = 'N/A';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '$1,234': USD without decimals (SPEC.md section 9). */
export function formatUsd(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : usd.format(value);
}

/** Thousands separators, no decimals: tank capacities, population, premiums in tables. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : whole.format(value);
}

/** 6 decimals in the dialogs and the geocoding panel (SPEC.md section 9). */
export function formatCoordinate(value: number | null | undefined, decimals = 6): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : value.toFixed(decimals);
}

/** One decimal, as the spec writes average tank age. */
export function formatYears(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : `${value.toFixed(1)} years`;
}

/** Search distances, 2 decimals as the server rounds them: '0.15 miles'. */
export function formatMiles(miles: number): string {
  return `${miles.toFixed(2)} miles`;
}

export function formatYesNo(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  return value ? 'Yes' : 'No';
}

export type RiskLevel = 'low' | 'moderate' | 'high';

/** SPEC.md sections 2 and 9: 3 or below green (low), up to 6 amber (moderate), above 6 red (high). */
export function riskLevel(score: number | null | undefined): RiskLevel | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  if (score <= 3) return 'low';
  if (score <= 6) return 'moderate';
  return 'high';
}

/** The CSS class colouring a risk score; 'risk-unknown' (neutral) before a facility is scored. */
export function riskClass(score: number | null | undefined): string {
  return `risk-${riskLevel(score) ?? 'unknown'}`;
}

export type ReleaseStatusClass = ReleaseDetails['Status_Class'];

/** DECISIONS.md 11, everywhere: Open red, No Further Action green, anything else amber. */
export function releaseStatusBadgeClass(statusClass: ReleaseStatusClass): string {
  if (statusClass === 'Open') return 'status-open';
  if (statusClass === 'No Further Action') return 'status-closed';
  return 'status-other';
}

/** 'Within_100yr_Floodplain' -> 'Within 100yr Floodplain': other_fields keys shown generically. */
export function fieldLabel(key: string): string {
  return key
    .split('_')
    .filter(Boolean)
    .map((word) => (word === word.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
}

/** Any field value of the generic lists: Yes/No, thousands separators, 'N/A' for missing. */
export function formatFieldValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return NOT_AVAILABLE;
  if (typeof value === 'boolean') return formatYesNo(value);
  if (typeof value === 'number') return Number.isInteger(value) ? formatCount(value) : String(value);
  return value;
}

/**
 * SPEC.md section 2: the four carriers of the rating plan have fixed colours; any other
 * carrier gets one of four more, always the same one for the same name.
 */
const FIXED_CARRIER_SWATCHES: Record<string, number> = { TOMICS: 0, Zurich: 1, AIG: 2, 'Mid-Continent': 3 };
export const CARRIER_SWATCH_COUNT = 8;

export function carrierSwatch(carrier: string): number {
  const fixed = FIXED_CARRIER_SWATCHES[carrier];
  if (fixed !== undefined) return fixed;
  let hash = 0;
  for (const char of carrier) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const extra = CARRIER_SWATCH_COUNT - Object.keys(FIXED_CARRIER_SWATCHES).length;
  return CARRIER_SWATCH_COUNT - extra + (hash % extra);
}

/** A search facility's or details' address on one line, without the missing parts. */
export function formatAddress(parts: { address: string | null; city: string | null; state: string | null; zip: string | null }): string {
  const stateZip = [parts.state, parts.zip].filter(Boolean).join(' ');
  return [parts.address, parts.city, stateZip].filter(Boolean).join(', ') || NOT_AVAILABLE;
}

/** The external map a 'View on Map' link opens (OpenStreetMap: no key, no tracking script). */
export function externalMapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** The index of the cheapest quote (the first of equals), or -1 without quotes: the 'BEST' one. */
export function cheapestQuoteIndex(quotes: ReadonlyArray<{ annual_premium: number }>): number {
  let best = -1;
  quotes.forEach((quote, index) => {
    if (best === -1 || quote.annual_premium < quotes[best]!.annual_premium) best = index;
  });
  return best;
}
