import { keepPreviousData } from '@tanstack/react-query';
import type { AddressSuggestion } from '@ust/schemas';
import { GEOCODE_QUERY_MIN_CHARS } from '@ust/schemas/constants';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useAuthedQuery } from '../authed-query';

/** docs/product.md section 5: suggestions only after a 300 ms pause, for more than 2 characters. */
export const SUGGEST_DEBOUNCE_MS = 300;
export const SUGGEST_MIN_CHARS = GEOCODE_QUERY_MIN_CHARS;

export interface AddressSuggestions {
  /** Empty while the input is too short and after a failure (docs/product.md section 8). */
  suggestions: AddressSuggestion[];
  isFetching: boolean;
  error: Error | null;
}

/**
 * GET /api/geocode/suggest?q= for what the user typed. Failures are logged by the API client
 * ('API call failed'); the caller only has to show nothing.
 */
export function useAddressSuggestions(typed: string): AddressSuggestions {
  const trimmed = typed.trim();
  const q = useDebouncedValue(trimmed, SUGGEST_DEBOUNCE_MS);
  // Judged on the live input too, so shortening it clears the list at once, not after the pause.
  const wanted = trimmed.length >= SUGGEST_MIN_CHARS;
  const query = useAuthedQuery({
    queryKey: ['geocode-suggest', q],
    queryFn: (api, { signal }) => api.call('GET /api/geocode/suggest', { query: { q }, signal }),
    enabled: wanted && q.length >= SUGGEST_MIN_CHARS,
    // The previous list stays up while the next one loads, so it does not flicker per keystroke.
    placeholderData: keepPreviousData,
    // By the time a retry answered, the user has typed on.
    retry: false,
    staleTime: 5 * 60_000,
  });
  const suggestions = wanted && !query.isError ? (query.data?.suggestions ?? []) : [];
  return { suggestions, isFetching: query.isFetching, error: query.error };
}
