import { describe, expect, it } from 'vitest';
import {
  formatLeak,
  formatAddress,
  formatClockTime,
  formatCoordinate,
  formatCount,
  formatDate,
  formatDateTime,
  formatMiles,
  formatOneDecimal,
  formatPercent,
  formatText,
  formatTimestamp,
  formatUsd,
  formatYears,
  formatYesNo,
} from './format';

describe('numbers', () => {
  it('counts get US thousands separators and no decimals', () => {
    expect(formatCount(22_000)).toBe('22,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(undefined)).toBe('N/A');
  });

  it('keeps one decimal for whole numbers and rounds to one', () => {
    expect(formatOneDecimal(40)).toBe('40.0');
    expect(formatOneDecimal(33.44)).toBe('33.4');
    expect(formatPercent(33.44)).toBe('33.4%');
    expect(formatPercent(null)).toBe('N/A');
  });

  it('is whole US dollars with thousands separators (docs/product.md section 9)', () => {
    expect(formatUsd(1234)).toBe('$1,234');
    expect(formatUsd(1_000_000)).toBe('$1,000,000');
    expect(formatUsd(0)).toBe('$0');
    // Premiums are whole dollars already; anything else is rounded, never shown with cents.
    expect(formatUsd(2293.5)).toBe('$2,294');
    expect(formatUsd(null)).toBe('N/A');
  });
});

describe('places and distances', () => {
  it('show coordinates with 6 decimals in the dialogs and the geocoding panel, 4 in tables', () => {
    expect(formatCoordinate(38.90305719)).toBe('38.903057');
    expect(formatCoordinate(-76.98186192)).toBe('-76.981862');
    expect(formatCoordinate(39)).toBe('39.000000');
    expect(formatCoordinate(-104.99472, 4)).toBe('-104.9947');
    expect(formatCoordinate(null)).toBe('N/A');
  });

  it('distances in miles with 2 decimals, tank age with one', () => {
    expect(formatMiles(0)).toBe('0.00 miles');
    expect(formatMiles(0.15)).toBe('0.15 miles');
    expect(formatYears(44.94)).toBe('44.9 years');
    expect(formatYears(null)).toBe('N/A');
  });

  it('writes an address without its missing parts', () => {
    expect(formatAddress({ address: '814 BLADENSBURG RD NE', city: 'Washington DC', state: 'DC', zip: '20002' })).toBe(
      '814 BLADENSBURG RD NE, Washington DC, DC 20002',
    );
    expect(formatAddress({ address: null, city: 'Dover', state: 'DE', zip: null })).toBe('Dover, DE');
    expect(formatAddress({ address: null, city: null, state: null, zip: null })).toBe('N/A');
  });
});

describe('text and yes/no', () => {
  it("reads 'N/A' when a value is missing", () => {
    expect(formatText('Gasoline')).toBe('Gasoline');
    expect(formatText('')).toBe('N/A');
    expect(formatText(null)).toBe('N/A');
    expect(formatYesNo(true)).toBe('Yes');
    expect(formatYesNo(false)).toBe('No');
    expect(formatYesNo(null)).toBe('N/A');
  });

  it("reads a leak as 'Not reported', never 'No', when the state's source has no release table", () => {
    expect(formatLeak(true)).toBe('Yes');
    expect(formatLeak(false)).toBe('No');
    expect(formatLeak(null)).toBe('Not reported');
  });
});

describe('times', () => {
  it('in the en-US medium style, in the browser time zone; an unreadable time as given', () => {
    expect(formatDateTime('2026-03-05T14:20:00.000Z')).toMatch(/^Mar [56], 2026, \d{1,2}:20\s[AP]M$/);
    expect(formatTimestamp('2026-03-05T14:20:09.000Z')).toMatch(/^Mar [56], 2026, \d{1,2}:20:09\s[AP]M$/);
    expect(formatDate('2026-03-05T12:00:00.000Z')).toMatch(/^Mar [456], 2026$/);
    expect(formatClockTime('2026-03-05T14:20:09.000Z')).toMatch(/^\d{1,2}:20:09\s[AP]M$/);
    expect(formatDateTime('not a time')).toBe('not a time');
  });
});
