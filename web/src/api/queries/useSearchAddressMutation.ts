import { useMutation } from '@tanstack/react-query';
import type { SearchAddressBody } from '@ust/schemas';
import { useApiClient } from '../api-context';

/**
 * POST /api/search-address: the 25 closest facilities, the geocoding and the closest release.
 * A mutation rather than a query: a search is something the user asks for, once per click.
 */
export function useSearchAddressMutation() {
  const api = useApiClient();
  return useMutation({
    mutationKey: ['search-address'],
    mutationFn: (body: SearchAddressBody) => api.call('POST /api/search-address', { body }),
  });
}
