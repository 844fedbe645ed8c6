import type { SearchFacility } from '@ust/schemas';
import { carrierSwatch, cheapestQuoteIndex } from '../../components/carrier-quotes';
import { CarrierName } from '../../components/CarrierName';
import { formatUsd } from '../../components/format';

/** docs/product.md section 9: at most 4 quotes per facility. */
export const MAX_QUOTES = 4;
const PLACEHOLDERS = Array.from({ length: MAX_QUOTES }, (_, index) => index + 1);

/**
 * A card's 'Pricing Estimate' row: up to 4 carriers' annual premiums, the cheapest marked
 * BEST, each called an indicative estimate (docs/decisions/0013-indicative-estimates.md); four
 * placeholders without quotes.
 */
export function PricingEstimate({ pricing }: { pricing: SearchFacility['pricing'] }) {
  const quotes = pricing.quotes.slice(0, MAX_QUOTES);
  const best = cheapestQuoteIndex(quotes);
  return (
    <div className="pricing-estimate">
      <h4 className="pricing-estimate-title">Pricing Estimate</h4>
      {quotes.length > 0 ? (
        <ul className="estimate-row">
          {quotes.map((quote, index) => (
            <li key={quote.carrier} className={`estimate carrier-${carrierSwatch(quote.carrier)}${index === best ? ' estimate-best' : ''}`}>
              <span className="estimate-head">
                <CarrierName carrier={quote.carrier} />
                {index === best && <span className="badge badge-best">BEST</span>}
              </span>
              <span className="estimate-premium">
                {formatUsd(quote.annual_premium)}
                <span className="estimate-period">/yr</span>
              </span>
              <span className="estimate-note" title={`Modelled on ${quote.modelled_on}`}>
                Indicative estimate · {quote.modelled_on}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <>
          <ul className="estimate-row">
            {PLACEHOLDERS.map((n) => (
              <li key={n} className="estimate estimate-placeholder">
                Quote {n} Available
              </li>
            ))}
          </ul>
          {pricing.no_quote_reason && <p className="estimate-reason muted">{pricing.no_quote_reason}</p>}
        </>
      )}
    </div>
  );
}
