/**
 * /search (docs/product.md section 2): an address with autocomplete, the closest known
 * release, where the address was placed, and the 25 closest facilities with their risk and
 * indicative quotes. The facility and release dialogs open on top; the release dialog can open
 * from either.
 */
import { useId, useState } from 'react';
import type { SearchAddressBody, SearchFacility, SearchResponse } from '@ust/schemas';
import { useSearchAddressMutation } from '../../api';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { logger, recordActivity } from '../../telemetry';
import { RequireSignIn } from '../auth';
import { FacilityDetailsDialog } from '../facility-details/FacilityDetailsDialog';
import { ReleaseDetailsDialog } from '../release-details/ReleaseDetailsDialog';
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

interface OpenFacility {
  id: string;
  name: string | null;
}

function Search() {
  const search = useSearchAddressMutation();
  const [facility, setFacility] = useState<OpenFacility | null>(null);
  const [releaseId, setReleaseId] = useState<string | null>(null);
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

  function openFacility(chosen: SearchFacility) {
    recordActivity('facility_view', { facility_id: chosen.id, location_lat: chosen.latitude, location_lon: chosen.longitude });
    setFacility({ id: chosen.id, name: chosen.name });
  }

  function openRelease(id: string) {
    recordActivity('release_view', { release_id: id });
    setReleaseId(id);
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
      {!search.isIdle && (
        <section className="search-results" aria-labelledby={resultsId} aria-busy={search.isPending}>
          <h2 id={resultsId}>Search Results</h2>
          {search.isPending && <Loading text="Searching..." />}
          {search.isError && variables && <SearchFailure error={search.error} onRetry={() => runSearch(variables)} />}
          {result && variables && <SearchResults result={result} address={variables.address} onViewDetails={openFacility} />}
        </section>
      )}
      {facility && (
        <FacilityDetailsDialog
          key={facility.id}
          facilityId={facility.id}
          facilityName={facility.name}
          onClose={() => setFacility(null)}
          onOpenRelease={openRelease}
        />
      )}
      {releaseId && <ReleaseDetailsDialog key={releaseId} releaseId={releaseId} onClose={() => setReleaseId(null)} />}
    </Page>
  );
}
