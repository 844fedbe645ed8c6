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
export { ADMIN_LOGS_LIMIT, useAdminLogsQuery, type AdminLogFilters } from './queries/useAdminLogsQuery';
export { ADMIN_ACTIVITIES_LIMIT, useAdminActivitiesQuery } from './queries/useAdminActivitiesQuery';
export { useAdminUsersQuery } from './queries/useAdminUsersQuery';
export { ADMIN_SESSIONS_LIMIT, useAdminSessionsQuery } from './queries/useAdminSessionsQuery';
export { ADMIN_ANALYTICS_REFRESH_MS, useAdminAnalyticsQuery } from './queries/useAdminAnalyticsQuery';
export { useAdminUserMutation, type AdminUserChange } from './queries/useAdminUserMutation';
export { useRegionFiguresQuery } from './queries/useRegionFiguresQuery';
export { useMapConfigQuery } from './queries/useMapConfigQuery';
export { useRiskModelQuery } from './queries/useRiskModelQuery';
export { useRegionFacilitiesQuery, type FacilityListRegion, type RegionFacilities } from './queries/useRegionFacilitiesQuery';
export { useCountiesFacilitiesQueries } from './queries/useCountiesFacilitiesQueries';
export { DENSITY_RESOLUTIONS, useFacilityDensityQuery, type DensityResolution, type FacilityDensity } from './queries/useFacilityDensityQuery';
export { SYSTEM_HEALTH_REFRESH_MS, useSystemHealthQuery } from './queries/useSystemHealthQuery';
export { useRetryJobMutation, type JobRetry } from './queries/useRetryJobMutation';
export { IMPORTS_REFRESH_MS, useImportsQuery, useLiveDatasetQuery, useRejectsDownload, useReplayMutation, useUploadImportMutation } from './queries/useImports';
export { EXPORT_TIMEOUT_MS, useExportDownload, type ExportRequest, type ExportRoute } from './queries/useExportDownload';
export { saveFile } from './save-file';
export { useExposureSheetDownload, useExposureSheetQuery, type SheetPaper } from './queries/useExposureSheet';
export {
  isScreeningSettled,
  SCREENING_POLL_MS,
  useScreeningQuery,
  useScreeningRowsQuery,
  useScreeningsQuery,
  useScreeningSummaryDownload,
  useUploadScreeningMutation,
  type ScreeningPaper,
} from './queries/useScreenings';
export { usePreferencesMutation, usePreferencesQuery } from './queries/usePreferences';
export {
  FIRST_WATCHLIST_NAME,
  useCreateWatchlistMutation,
  useDeleteWatchlistMutation,
  useFacilityWatchQuery,
  useUnwatchMutation,
  useUpdateWatchlistMutation,
  useWatchItemMutation,
  useWatchlistQuery,
  useWatchlistsQuery,
  useWatchScreeningMutation,
  useWatchingQuery,
  type FacilitiesWatch,
  type WatchedItemRef,
  type WatchingQuery,
} from './queries/useWatchlists';
export { useAlertsQuery, useMarkAlertsSeenMutation, type AlertsQueryOptions } from './queries/useAlerts';
export { useCreateWebhookMutation, useDeleteWebhookMutation, useTestWebhookMutation, useWebhooksQuery } from './queries/useWebhooks';
export { ADMIN_WEBHOOK_DELIVERIES_LIMIT, useAdminWebhookDeliveriesQuery } from './queries/useAdminWebhookDeliveriesQuery';
