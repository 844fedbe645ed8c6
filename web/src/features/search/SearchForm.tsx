import { useId, useState, type FormEvent } from 'react';
import type { MAX_SEARCH_ADDRESS_LENGTH, SearchAddressBody } from '@ust/schemas';
import { formatCoordinate } from '../../components/format';
import { AddressAutocomplete } from './AddressAutocomplete';

/** docs/product.md section 2's Denver pre-fill; it geocodes to its ZIP centroid (docs/geocoding.md, docs/decisions/0012-search-results.md). */
export const DEFAULT_ADDRESS = '1701 Wynkoop St, Denver, CO 80202';
export const EMPTY_ADDRESS_MESSAGE = 'Please enter an address to search';
const MAX_ADDRESS_CHARS: typeof MAX_SEARCH_ADDRESS_LENGTH = 300;

interface Picked {
  latitude: number;
  longitude: number;
}

/**
 * The address and the Search Facilities button. A picked suggestion's coordinates go with the
 * search, so the server does not geocode its place name again; typing forgets them.
 */
export function SearchForm({ busy, onSearch }: { busy: boolean; onSearch: (body: SearchAddressBody) => void }) {
  const inputId = useId();
  const [address, setAddress] = useState(DEFAULT_ADDRESS);
  const [picked, setPicked] = useState<Picked | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = address.trim();
    if (!trimmed) {
      // docs/product.md section 5: an alert, and no call.
      window.alert(EMPTY_ADDRESS_MESSAGE);
      return;
    }
    onSearch(picked ? { address: trimmed, latitude: picked.latitude, longitude: picked.longitude } : { address: trimmed });
  }

  return (
    // noValidate: the browser's own "fill in this field" bubble would pre-empt the spec's alert.
    <form className="card search-form" role="search" noValidate onSubmit={submit}>
      <label htmlFor={inputId} className="search-label">
        Address
      </label>
      <div className="search-row">
        <AddressAutocomplete
          id={inputId}
          value={address}
          required
          maxLength={MAX_ADDRESS_CHARS}
          placeholder="Enter street address, city, state, or ZIP code"
          onType={(text) => {
            setAddress(text);
            setPicked(null);
          }}
          onPick={(suggestion) => {
            setAddress(suggestion.place_name);
            setPicked({ longitude: suggestion.center[0], latitude: suggestion.center[1] });
          }}
        />
        <button type="submit" className="button button-primary search-button" disabled={busy}>
          {busy ? 'Searching...' : 'Search Facilities'}
        </button>
      </div>
      {picked && (
        <p className="search-hint muted">
          Searching from the selected suggestion at {formatCoordinate(picked.latitude)}, {formatCoordinate(picked.longitude)}.
        </p>
      )}
    </form>
  );
}
