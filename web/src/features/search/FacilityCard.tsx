import { useId } from 'react';
import type { SearchFacility } from '@ust/schemas';
import type { WatchingQuery } from '../../api';
import { LeakBadge, RiskScore } from '../../components/Badges';
import { distanceText } from '@ust/schemas/location-label';
import { formatAddress } from '../../components/format';
import { ExposureSheetActions } from '../exposure-sheet/ExposureSheetActions';
import { WatchToggle } from '../watchlists/WatchButton';
import { externalMapUrl } from './external-map';
import { PricingEstimate } from './PricingEstimate';

/** One search result (docs/product.md section 2, 'Facility card'); `watchState` is shared by the cards of the results. */
export function FacilityCard({
  facility,
  watchState,
  onViewDetails,
}: {
  facility: SearchFacility;
  watchState: WatchingQuery;
  onViewDetails: (facility: SearchFacility) => void;
}) {
  const nameId = useId();
  const address = formatAddress({ address: facility.address, city: facility.city, state: facility.state, zip: facility.zip_code });
  return (
    <li className="card facility-card" data-facility-id={facility.id}>
      <div className="facility-card-head">
        <h3 id={nameId} className="facility-name">
          {facility.name || 'Unnamed facility'}
        </h3>
        {facility.is_generated && <span className="badge badge-generated">Generated demo record</span>}
      </div>
      <p className="facility-address">{address}</p>
      <dl className="inline-fields">
        <div>
          <dt>Distance</dt>
          <dd>{distanceText(facility.distance_miles, facility.approximate)}</dd>
        </div>
        <div>
          <dt>Tanks</dt>
          <dd>
            {facility.tank_count} <span className="muted">({facility.active_tank_count} active)</span>
          </dd>
        </div>
        <div>
          <dt>Leaks</dt>
          <dd>
            <LeakBadge hasLeak={facility.has_leaks} count={facility.leak_count} />
          </dd>
        </div>
        <div>
          <dt>Risk Score</dt>
          <dd>
            <RiskScore score={facility.risk_score} />
          </dd>
        </div>
      </dl>
      <PricingEstimate pricing={facility.pricing} />
      <div className="facility-actions">
        <button type="button" className="button button-primary" aria-describedby={nameId} onClick={() => onViewDetails(facility)}>
          View Details
        </button>
        <a
          className="button button-secondary"
          href={externalMapUrl(facility.latitude, facility.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={nameId}
        >
          View on Map<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <WatchToggle facilityId={facility.id} describedBy={nameId} watchState={watchState} />
        <ExposureSheetActions facilityId={facility.id} describedBy={nameId} />
      </div>
    </li>
  );
}
