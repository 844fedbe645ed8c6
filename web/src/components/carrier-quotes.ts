/** The carriers' colours and the cheapest quote, the same in the facility dialog and the search cards. */

/**
 * docs/product.md section 2: the four carriers of the rating plan have fixed colours;
 * any other carrier gets one of four more, always the same one for the same name.
 */
const FIXED_CARRIER_SWATCHES: Record<string, number> = { TOMICS: 0, Zurich: 1, AIG: 2, 'Mid-Continent': 3 };
export const CARRIER_SWATCH_COUNT = 8;

/** The index of the carrier's colour (carriers.css: .carrier-0 to .carrier-7). */
export function carrierSwatch(carrier: string): number {
  const fixed = FIXED_CARRIER_SWATCHES[carrier];
  if (fixed !== undefined) return fixed;
  let hash = 0;
  for (const char of carrier) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const extra = CARRIER_SWATCH_COUNT - Object.keys(FIXED_CARRIER_SWATCHES).length;
  return CARRIER_SWATCH_COUNT - extra + (hash % extra);
}

/** The index of the cheapest quote (the first of equals), or -1 without quotes: the 'BEST' one. */
export function cheapestQuoteIndex(quotes: ReadonlyArray<{ annual_premium: number }>): number {
  let best = -1;
  quotes.forEach((quote, index) => {
    if (best === -1 || quote.annual_premium < quotes[best]!.annual_premium) best = index;
  });
  return best;
}
