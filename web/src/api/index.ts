/** What screens use from the API layer: one query hook per endpoint, and the error they fail with. */
export { ApiError } from './api-error';
export { useApiClient } from './api-context';
export type { ApiClient } from './client';
export { STATISTICS_CACHE_MS, useStatisticsQuery } from './queries/useStatisticsQuery';
export { useMyActivityQuery } from './queries/useMyActivityQuery';
export { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS, useAddressSuggestions, type AddressSuggestions } from './queries/useAddressSuggestions';
export { useSearchAddressMutation } from './queries/useSearchAddressMutation';
export { useFacilityDetailsQuery } from './queries/useFacilityDetailsQuery';
export { useReleaseDetailsQuery } from './queries/useReleaseDetailsQuery';
