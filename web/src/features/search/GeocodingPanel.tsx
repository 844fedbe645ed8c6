import { useId } from 'react';
import type { GeocodeMatchType, GeocodeResult } from '@ust/schemas';
import { FieldGrid } from '../../components/DetailSection';
import { formatCoordinate } from '../../components/format';

/** What kind of point the search started from; null when a picked suggestion's point was used. */
const MATCH_TYPES: Record<GeocodeMatchType, string> = { address: 'Street address', zip: 'ZIP code centre', place: 'City or town centre' };

/** docs/product.md section 2, 'Address Geocoding': where the address was placed, or why it was not. */
export function GeocodingPanel({ geocoding }: { geocoding: GeocodeResult }) {
  const titleId = useId();
  return (
    <section className="card geocoding-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Address Geocoding</h2>
      {geocoding.success ? (
        <>
          <FieldGrid
            fields={[
              { label: 'Original Address', value: geocoding.original_address },
              { label: 'Formatted Address', value: geocoding.formatted_address ?? geocoding.original_address },
              { label: 'Latitude', value: formatCoordinate(geocoding.latitude) },
              { label: 'Longitude', value: formatCoordinate(geocoding.longitude) },
              { label: 'Match Type', value: geocoding.match_type ? MATCH_TYPES[geocoding.match_type] : 'Selected suggestion' },
            ]}
          />
          <p className="geocoding-message muted">{geocoding.message}</p>
        </>
      ) : (
        <div className="geocoding-error" role="alert">
          <p className="geocoding-error-title">Error</p>
          <p>{geocoding.message}</p>
          <p className="muted">Address: {geocoding.original_address}</p>
        </div>
      )}
    </section>
  );
}
