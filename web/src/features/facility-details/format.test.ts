import { describe, expect, it } from 'vitest';
import {
  carrierSwatch,
  CARRIER_SWATCH_COUNT,
  cheapestQuoteIndex,
  externalMapUrl,
  fieldLabel,
  formatAddress,
  formatCoordinate,
  formatCount,
  formatFieldValue,
  formatMiles,
  formatUsd,
  formatYears,
  releaseStatusBadgeClass,
  riskClass,
  riskLevel,
} from './format';
import { riskFactorLabel, riskFactorValue } from './risk-factors';

describe('currency', () => {
  it('is whole US dollars with thousands separators (SPEC.md section 9)', () => {
    expect(formatUsd(1234)).toBe('$1,234');
    expect(formatUsd(1_000_000)).toBe('$1,000,000');
    expect(formatUsd(0)).toBe('$0');
    // Premiums are whole dollars already; anything else is rounded, never shown with cents.
    expect(formatUsd(2293.5)).toBe('$2,294');
    expect(formatUsd(null)).toBe('N/A');
  });

  it('counts get separators too', () => {
    expect(formatCount(22_000)).toBe('22,000');
    expect(formatCount(undefined)).toBe('N/A');
  });
});

describe('coordinates and distances', () => {
  it('show 6 decimals in the dialogs and the geocoding panel', () => {
    expect(formatCoordinate(38.90305719)).toBe('38.903057');
    expect(formatCoordinate(-76.98186192)).toBe('-76.981862');
    expect(formatCoordinate(39)).toBe('39.000000');
    expect(formatCoordinate(null)).toBe('N/A');
  });

  it('distances in miles with 2 decimals, tank age with one', () => {
    expect(formatMiles(0)).toBe('0.00 miles');
    expect(formatMiles(0.15)).toBe('0.15 miles');
    expect(formatYears(44.94)).toBe('44.9 years');
    expect(formatYears(null)).toBe('N/A');
  });

  it('opens OpenStreetMap at the facility', () => {
    expect(externalMapUrl(38.90112408, -76.9830541)).toBe('https://www.openstreetmap.org/?mlat=38.901124&mlon=-76.983054#map=17/38.901124/-76.983054');
  });

  it('writes an address without its missing parts', () => {
    expect(formatAddress({ address: '814 BLADENSBURG RD NE', city: 'Washington DC', state: 'DC', zip: '20002' })).toBe('814 BLADENSBURG RD NE, Washington DC, DC 20002');
    expect(formatAddress({ address: null, city: 'Dover', state: 'DE', zip: null })).toBe('Dover, DE');
  });
});

describe('risk colour', () => {
  it('is green to 3, amber to 6, red above (SPEC.md section 2)', () => {
    expect([1, 3, 4, 6, 7, 10].map(riskLevel)).toEqual(['low', 'low', 'moderate', 'moderate', 'high', 'high']);
    expect(riskClass(3)).toBe('risk-low');
    expect(riskClass(6)).toBe('risk-moderate');
    expect(riskClass(6.5)).toBe('risk-high');
    expect(riskClass(null)).toBe('risk-unknown');
  });

  it('names the factors readably and says unknown for missing data', () => {
    expect(riskFactorLabel('population_1500ft')).toBe('Population within 1,500 ft');
    expect(riskFactorLabel('a_new_factor')).toBe('A New Factor');
    expect(riskFactorValue(null)).toBe('Unknown');
    expect(riskFactorValue(22_000)).toBe('22,000');
    expect(riskFactorValue(44.94)).toBe('44.9');
    expect(riskFactorValue('3 of 3')).toBe('3 of 3');
  });
});

describe('release status badge (DECISIONS.md 11)', () => {
  it('is red for Open, green for No Further Action, amber for anything else', () => {
    expect(releaseStatusBadgeClass('Open')).toBe('status-open');
    expect(releaseStatusBadgeClass('No Further Action')).toBe('status-closed');
    expect(releaseStatusBadgeClass('Other')).toBe('status-other');
  });

});

describe('quotes and carriers', () => {
  it('marks the cheapest quote, the first of equals', () => {
    expect(cheapestQuoteIndex([{ annual_premium: 3226 }, { annual_premium: 2294 }, { annual_premium: 13455 }])).toBe(1);
    expect(cheapestQuoteIndex([{ annual_premium: 100 }, { annual_premium: 100 }])).toBe(0);
    expect(cheapestQuoteIndex([])).toBe(-1);
  });

  it('gives the four rating-plan carriers fixed colours and any other one a stable one of the rest', () => {
    expect(['TOMICS', 'Zurich', 'AIG', 'Mid-Continent'].map(carrierSwatch)).toEqual([0, 1, 2, 3]);
    const other = carrierSwatch('Acme Mutual');
    expect(other).toBeGreaterThanOrEqual(4);
    expect(other).toBeLessThan(CARRIER_SWATCH_COUNT);
    expect(carrierSwatch('Acme Mutual')).toBe(other);
  });
});

describe('generic fields', () => {
  it('label keys and values readably', () => {
    expect(fieldLabel('Within_100yr_Floodplain')).toBe('Within 100yr Floodplain');
    expect(fieldLabel('EPA_Region')).toBe('EPA Region');
    expect(fieldLabel('Private_Wells_1500ft')).toBe('Private Wells 1500ft');
    expect(formatFieldValue(null)).toBe('N/A');
    expect(formatFieldValue(true)).toBe('Yes');
    expect(formatFieldValue(1500)).toBe('1,500');
    expect(formatFieldValue('point in county')).toBe('point in county');
  });
});
