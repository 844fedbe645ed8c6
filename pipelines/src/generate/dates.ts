import type { Random } from './random.js';

/** Generated dates end here, not at today's date, so the same seed gives the same data on any day. */
export const LAST_YEAR = 2024;

const TWO_DIGITS = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, '0'));

/** A random day of the year as YYYY-MM-DD (days 1-28, valid in every month). */
export function randomDateIn(year: number, random: Random): string {
  return `${year}-${TWO_DIGITS[random.int(1, 12)]}-${TWO_DIGITS[random.int(1, 28)]}`;
}

/** A year drawn from a normal distribution, rounded and clamped to [min, max]. */
export function normalYear(random: Random, mean: number, deviation: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(mean + deviation * random.normal())));
}
