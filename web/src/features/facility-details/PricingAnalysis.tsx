import type { PricingInfo, PricingQuote } from '@ust/schemas';
import { RiskScore } from '../../components/Badges';
import { carrierSwatch, cheapestQuoteIndex } from '../../components/carrier-quotes';
import { CarrierName } from '../../components/CarrierName';
import { DetailSection, FieldGrid } from '../../components/DetailSection';
import { formatUsd } from '../../components/format';

/**
 * docs/product.md section 2, 'Insurance Pricing Analysis', as indicative estimates
 * (docs/decisions/0013-indicative-estimates.md): each quote names the filing its program is
 * modelled on, and the disclaimer is always shown.
 */
export function PricingAnalysis({ pricing }: { pricing: PricingInfo }) {
  const { summary, quotes } = pricing;
  const best = cheapestQuoteIndex(quotes);
  return (
    <DetailSection title="Insurance Pricing Analysis">
      {summary ? (
        <FieldGrid
          fields={[
            { label: 'Best Carrier', value: <CarrierName carrier={summary.best_carrier} /> },
            { label: 'Lowest Premium', value: formatUsd(summary.lowest_premium) },
            { label: 'Savings vs Highest', value: formatUsd(summary.savings_vs_highest) },
            { label: 'Average Premium', value: formatUsd(summary.average_premium) },
            { label: 'Risk Score', value: <RiskScore score={pricing.risk_score} /> },
            { label: 'Tanks Rated', value: String(pricing.tank_count) },
          ]}
        />
      ) : (
        <p className="no-quotes">No quotes: {pricing.no_quote_reason ?? 'this facility cannot be priced'}.</p>
      )}
      {quotes.length > 0 && (
        <ul className="quote-list">
          {quotes.map((quote, index) => (
            <QuoteCard key={quote.carrier} quote={quote} best={index === best} />
          ))}
        </ul>
      )}
      <p className="pricing-disclaimer">{pricing.disclaimer}.</p>
    </DetailSection>
  );
}

function QuoteCard({ quote, best }: { quote: PricingQuote; best: boolean }) {
  const limits =
    quote.aggregate_limit === quote.coverage_limit
      ? formatUsd(quote.coverage_limit)
      : `${formatUsd(quote.coverage_limit)} / ${formatUsd(quote.aggregate_limit)} aggregate`;
  return (
    <li className={`quote-card carrier-${carrierSwatch(quote.carrier)}${best ? ' quote-best' : ''}`}>
      <div className="quote-card-head">
        <CarrierName carrier={quote.carrier} />
        {best && <span className="badge badge-best">BEST</span>}
      </div>
      <dl className="quote-figures">
        <dt>Annual Premium</dt>
        <dd className="quote-premium">{formatUsd(quote.annual_premium)}</dd>
        <dt>Base Premium</dt>
        <dd>{formatUsd(quote.base_premium)}</dd>
        <dt>Coverage Limit</dt>
        <dd>{limits}</dd>
        <dt>Deductible</dt>
        <dd>{formatUsd(quote.deductible)}</dd>
      </dl>
      <p className="quote-note">Indicative estimate modelled on {quote.modelled_on}</p>
    </li>
  );
}
