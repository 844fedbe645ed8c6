/**
 * /search (docs/product.md section 2): an address with autocomplete, the closest known
 * release, where the address was placed, and the 25 closest facilities with their risk and
 * indicative quotes. The facility and release dialogs open on top; the release dialog can open
 * from either. Each facility, and the place searched, can be watched.
 */
import { useId } from 'react';
import type { SearchAddressBody, SearchResponse } from '@ust/schemas';
import { useSearchAddressMutation } from '../../api';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { logger, recordActivity } from '../../telemetry';
import { RequireSignIn } from '../auth';
import { useDetailDialogs } from '../detail-dialogs/useDetailDialogs';
import { WatchPlace } from '../watchlists/WatchPlace';
import { ClosestReleasePanel } from './ClosestReleasePanel';
import { GeocodingPanel } from './GeocodingPanel';
import { SearchFailure } from './SearchFailure';
import { SearchForm } from './SearchForm';
import { SearchResults } from './SearchResults';
import './search.css';

export function SearchPage() {
  return (
    <RequireSignIn prompt="Please log in to search facilities.">
      <Search />
    </RequireSignIn>
  );
}

function Search() {
  const search = useSearchAddressMutation();
  const { openFacility, openRelease, dialogs } = useDetailDialogs();
  const resultsId = useId();

  function runSearch(body: SearchAddressBody) {
    search.mutate(body, {
      onSettled: (result?: SearchResponse) =>
        recordActivity('address_search', {
          location_lat: result?.geocoding.latitude ?? body.latitude ?? null,
          location_lon: result?.geocoding.longitude ?? body.longitude ?? null,
          details: { address: body.address, total_found: result?.total_found ?? null },
        }),
      // The API client has logged the call; this says which search it was.
      onError: (error) => logger.error('SEARCH', 'Address search failed', { address: body.address, message: error.message }),
    });
  }

  const { data: result, variables } = search;
  return (
    <Page
      title="Search Storage Tank Facilities"
      lead="Find the storage tank facilities closest to an address, with their risk scores and indicative insurance quotes."
    >
      <SearchForm busy={search.isPending} onSearch={runSearch} />
      {result?.closest_release && <ClosestReleasePanel release={result.closest_release} onOpenRelease={openRelease} />}
      {result && <GeocodingPanel geocoding={result.geocoding} />}
      {result?.geocoding.success && result.geocoding.latitude !== null && result.geocoding.longitude !== null && variables && (
        <WatchPlace label={variables.address} latitude={result.geocoding.latitude} longitude={result.geocoding.longitude} />
      )}
      {!search.isIdle && (
        <section className="search-results" aria-labelledby={resultsId} aria-busy={search.isPending}>
          <h2 id={resultsId}>Search Results</h2>
          {search.isPending && <Loading text="Searching..." />}
          {search.isError && variables && <SearchFailure error={search.error} onRetry={() => runSearch(variables)} />}
          {result && variables && <SearchResults result={result} address={variables.address} onViewDetails={openFacility} />}
        </section>
      )}
      {dialogs}
    </Page>
  );
}
