import { describe, expect, it } from 'vitest';
import { carrierSwatch, CARRIER_SWATCH_COUNT, cheapestQuoteIndex } from './carrier-quotes';

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
