import type { SearchFacility, SearchResponse } from '@ust/schemas';
import { useWatchingQuery } from '../../api';
import { ExportButtons, type ExportOption } from '../../components/ExportButtons';
import { distanceText } from '@ust/schemas/location-label';
import { formatCount } from '../../components/format';
import { FacilityCard } from './FacilityCard';

/** docs/product.md section 2, 'Search Results': the count, the distance range and the facility cards. */
export function SearchResults({
  result,
  address,
  onViewDetails,
}: {
  result: SearchResponse;
  address: string;
  onViewDetails: (facility: SearchFacility) => void;
}) {
  const { facilities, total_found: total } = result;
  // One watch-state call for the whole result set, not one per card.
  const watchState = useWatchingQuery(facilities.map((facility) => facility.id));
  if (facilities.length === 0) {
    return (
      <div className="results-empty">
        <p>No facilities found near "{address}".</p>
        <p className="muted">Try searching a different location.</p>
      </div>
    );
  }
  // Closest first by the distance each states: an approximate one says so rather than a figure under a mile.
  const closest = facilities[0]!;
  const furthest = facilities.at(-1)!;
  const count = facilities.length;
  return (
    <>
      <p className="results-summary">
        Found {count} closest {count === 1 ? 'facility' : 'facilities'} to "{address}"
      </p>
      <p className="results-range muted">
        {formatCount(total)} {total === 1 ? 'facility' : 'facilities'} within 10 miles
        {total > count ? `, the ${count} closest shown` : ''}. Closest {distanceText(closest.distance_miles, closest.approximate)}, furthest{' '}
        {distanceText(furthest.distance_miles, furthest.approximate)}.
      </p>
      {result.geocoding.latitude !== null && result.geocoding.longitude !== null && (
        <ExportButtons label="Export the search results" options={searchExports(count, result.geocoding.latitude, result.geocoding.longitude)} />
      )}
      <ul className="facility-list">
        {facilities.map((facility) => (
          <FacilityCard key={facility.id} facility={facility} watchState={watchState} onViewDetails={onViewDetails} />
        ))}
      </ul>
      <p className="pricing-disclaimer">{result.pricing_note}. Each carrier's premium is modelled on the public rate filing named under it.</p>
    </>
  );
}

/** The results shown, as CSV or GeoJSON: the same facilities, found again around the located point. */
function searchExports(count: number, latitude: number, longitude: number): ExportOption[] {
  const query = { latitude, longitude };
  return [
    {
      label: `Export ${formatCount(count)} ${count === 1 ? 'row' : 'rows'} as CSV`,
      download: { route: 'GET /api/search-address/export/csv', request: { query }, fallbackName: 'search-results.csv' },
    },
    {
      label: 'Export as GeoJSON',
      download: { route: 'GET /api/search-address/export/geojson', request: { query }, fallbackName: 'search-results.geojson' },
    },
  ];
}
