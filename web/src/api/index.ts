/** What screens use from the API layer: one query hook per endpoint, and the error they fail with. */
export { ApiError } from './api-error';
export { useApiClient } from './api-context';
export type { ApiClient } from './client';
export { STATISTICS_CACHE_MS, useStatisticsQuery } from './queries/useStatisticsQuery';
export { useMyActivityQuery } from './queries/useMyActivityQuery';
