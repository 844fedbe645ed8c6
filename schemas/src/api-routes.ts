/**
 * The API's path map: every route under /api, keyed `METHOD /api/path/{param}` as its OpenAPI
 * path spells it, with the schemas of what it takes (path parameters, query, body) and of what
 * it answers on success. The gateway's routes declare these same schema objects (a test holds
 * them to it, and fails on a route missing here), and the web client takes its request and
 * response types from `ApiRoutes`, so a path is bound to its types in this one place.
 */
import { RiskModelCard } from './risk-model.js';
import type { Static, TSchema } from 'typebox';
import {
  AdminActivitiesQuery,
  AdminActivitiesResponse,
  AdminAnalytics,
  AdminLogsQuery,
  AdminLogsResponse,
  AdminSessionsQuery,
  AdminSessionsResponse,
  AdminUsersResponse,
  MeActivity,
} from './admin.js';
import {
  CountyFacilitiesResponse,
  FacilitiesByFipsParams,
  FacilitiesByStateParams,
  FacilitiesByStateQuery,
  FacilityDetails,
  FacilityIdParams,
  FacilityStatistics,
  ReleaseDetails,
  ReleaseIdParams,
  StateFacilitiesResponse,
} from './facility-data.js';
import { AdminActivitiesExportQuery, AdminLogsExportQuery, CsvExport, GeoJsonExport, SearchExportQuery } from './exports.js';
import { ExposureSheet, ExposureSheetPdf, ExposureSheetPdfQuery } from './exposure-sheet.js';
import { GeocodeSuggestQuery, GeocodeSuggestResponse } from './geocoding.js';
import { AdminUser, AdminUserIdParams, AdminUserPatchBody, AuthConfig, UserProfileBody, UserProfileResponse } from './identity.js';
import { H3DensityDocument, H3DensityQuery, MapConfig } from './map.js';
import { RegionDocument, RegionDocumentParams, RegionDocumentQuery } from './regions.js';
import { SearchAddressBody, SearchResponse } from './search.js';
import { ImportIdParams, ImportJobAccepted, ImportRejectsCsv, ImportsResponse, ReplayIdParams, ReplayRun } from './imports.js';
import {
  ScreeningAccepted,
  ScreeningIdParams,
  ScreeningPdf,
  ScreeningPdfQuery,
  ScreeningResult,
  ScreeningRun,
  ScreeningsResponse,
  ScreeningXlsx,
} from './screenings.js';
import { JobIdParams, RetryJobBody, RetryJobResponse, SystemHealth } from './system-health.js';
import { PostActivityBody, PostLogsBody, TelemetryAccepted } from './telemetry.js';
import {
  AdminWebhookDeliveries,
  AdminWebhookDeliveriesQuery,
  CreateWebhookBody,
  WebhookCreated,
  WebhookIdParams,
  WebhooksResponse,
  WebhookTestResult,
  AlertsQuery,
  AlertsResponse,
  AlertsSeen,
  AdminWatchlistCounts,
  CreateWatchlistBody,
  Deleted,
  UpdateWatchlistBody,
  UserPreferences,
  WatchedItem,
  WatchedItemParams,
  WatchItemBody,
  Watchlist,
  WatchlistIdParams,
  WatchlistsQuery,
  WatchlistsResponse,
  WatchlistSummary,
  WatchScreeningBody,
} from './watchlists.js';

/** What one route takes and answers; a part it does not take is absent. */
export interface RouteContract {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The success answer (200, or 202 for telemetry); errors are ErrorBody everywhere. */
  response: TSchema;
}

export const API_ROUTES = {
  'GET /api/auth-config': { response: AuthConfig },
  'POST /api/logs': { body: PostLogsBody, response: TelemetryAccepted },
  'POST /api/log-activity': { body: PostActivityBody, response: TelemetryAccepted },
  'POST /api/user-profile': { body: UserProfileBody, response: UserProfileResponse },
  'GET /api/facilities/by-fips/{fips}': { params: FacilitiesByFipsParams, response: CountyFacilitiesResponse },
  'GET /api/facilities/by-state/{state}': { params: FacilitiesByStateParams, query: FacilitiesByStateQuery, response: StateFacilitiesResponse },
  'GET /api/facilities/by-fips/{fips}/export/csv': { params: FacilitiesByFipsParams, response: CsvExport },
  'GET /api/facilities/by-fips/{fips}/export/geojson': { params: FacilitiesByFipsParams, response: GeoJsonExport },
  'GET /api/facilities/by-state/{state}/export/csv': { params: FacilitiesByStateParams, response: CsvExport },
  'GET /api/facilities/by-state/{state}/export/geojson': { params: FacilitiesByStateParams, response: GeoJsonExport },
  'GET /api/facilities/{id}': { params: FacilityIdParams, response: FacilityDetails },
  'GET /api/facilities/{id}/exposure-sheet': { params: FacilityIdParams, response: ExposureSheet },
  'GET /api/facilities/{id}/exposure-sheet.pdf': { params: FacilityIdParams, query: ExposureSheetPdfQuery, response: ExposureSheetPdf },
  'GET /api/facilities-statistics': { response: FacilityStatistics },
  'GET /api/geojson-cached/{level}': { params: RegionDocumentParams, query: RegionDocumentQuery, response: RegionDocument },
  'GET /api/h3-density': { query: H3DensityQuery, response: H3DensityDocument },
  'GET /api/map-config': { response: MapConfig },
  'GET /api/risk-model': { response: RiskModelCard },
  'GET /api/releases/{id}': { params: ReleaseIdParams, response: ReleaseDetails },
  'GET /api/geocode/suggest': { query: GeocodeSuggestQuery, response: GeocodeSuggestResponse },
  'POST /api/search-address': { body: SearchAddressBody, response: SearchResponse },
  'GET /api/search-address/export/csv': { query: SearchExportQuery, response: CsvExport },
  'GET /api/search-address/export/geojson': { query: SearchExportQuery, response: GeoJsonExport },
  // The body is a multipart upload of one CSV file (field `file`): checked in the route.
  'POST /api/screenings': { response: ScreeningAccepted },
  'GET /api/screenings': { response: ScreeningsResponse },
  'GET /api/screenings/{id}': { params: ScreeningIdParams, response: ScreeningRun },
  'GET /api/screenings/{id}/rows': { params: ScreeningIdParams, response: ScreeningResult },
  'GET /api/screenings/{id}/export/csv': { params: ScreeningIdParams, response: CsvExport },
  'GET /api/screenings/{id}/export/xlsx': { params: ScreeningIdParams, response: ScreeningXlsx },
  'GET /api/screenings/{id}/summary.pdf': { params: ScreeningIdParams, query: ScreeningPdfQuery, response: ScreeningPdf },
  'POST /api/screenings/{id}/watch': { params: ScreeningIdParams, body: WatchScreeningBody, response: WatchlistSummary },
  'GET /api/me/activity': { response: MeActivity },
  'GET /api/me/preferences': { response: UserPreferences },
  'PUT /api/me/preferences': { body: UserPreferences, response: UserPreferences },
  'GET /api/watchlists': { query: WatchlistsQuery, response: WatchlistsResponse },
  'POST /api/watchlists': { body: CreateWatchlistBody, response: WatchlistSummary },
  'GET /api/watchlists/{id}': { params: WatchlistIdParams, response: Watchlist },
  'PATCH /api/watchlists/{id}': { params: WatchlistIdParams, body: UpdateWatchlistBody, response: WatchlistSummary },
  'DELETE /api/watchlists/{id}': { params: WatchlistIdParams, response: Deleted },
  'POST /api/watchlists/{id}/items': { params: WatchlistIdParams, body: WatchItemBody, response: WatchedItem },
  'DELETE /api/watchlists/{id}/items/{item_id}': { params: WatchedItemParams, response: Deleted },
  'GET /api/watchlists/{id}/export/csv': { params: WatchlistIdParams, response: CsvExport },
  'GET /api/alerts': { query: AlertsQuery, response: AlertsResponse },
  'POST /api/alerts/seen': { response: AlertsSeen },
  'GET /api/me/webhooks': { response: WebhooksResponse },
  'POST /api/me/webhooks': { body: CreateWebhookBody, response: WebhookCreated },
  'DELETE /api/me/webhooks/{id}': { params: WebhookIdParams, response: Deleted },
  'POST /api/me/webhooks/{id}/test': { params: WebhookIdParams, response: WebhookTestResult },
  'GET /api/admin/logs': { query: AdminLogsQuery, response: AdminLogsResponse },
  'GET /api/admin/logs/export/csv': { query: AdminLogsExportQuery, response: CsvExport },
  'GET /api/admin/user-activities': { query: AdminActivitiesQuery, response: AdminActivitiesResponse },
  'GET /api/admin/user-activities/export/csv': { query: AdminActivitiesExportQuery, response: CsvExport },
  'GET /api/admin/users': { response: AdminUsersResponse },
  'GET /api/admin/sessions': { query: AdminSessionsQuery, response: AdminSessionsResponse },
  'GET /api/admin/analytics': { response: AdminAnalytics },
  'GET /api/admin/watchlists': { response: AdminWatchlistCounts },
  'GET /api/admin/webhook-deliveries': { query: AdminWebhookDeliveriesQuery, response: AdminWebhookDeliveries },
  'PATCH /api/admin/users/{id}': { params: AdminUserIdParams, body: AdminUserPatchBody, response: AdminUser },
  'GET /api/admin/health': { response: SystemHealth },
  'POST /api/admin/jobs/{id}/retry': { params: JobIdParams, body: RetryJobBody, response: RetryJobResponse },
  // The body is a multipart upload of CSV files, or InboxImportBody as JSON: checked in the route.
  'POST /api/admin/imports': { response: ImportJobAccepted },
  'GET /api/admin/imports': { response: ImportsResponse },
  'GET /api/admin/imports/{id}/rejects': { params: ImportIdParams, response: ImportRejectsCsv },
  'POST /api/admin/imports/{id}/replay': { params: ImportIdParams, response: ImportJobAccepted },
  'POST /api/admin/replay': { response: ImportJobAccepted },
  'GET /api/admin/replay/{id}': { params: ReplayIdParams, response: ReplayRun },
} as const satisfies Record<string, RouteContract>;

/** `METHOD /api/path/{param}`: a key of the path map. */
export type ApiRoute = keyof typeof API_ROUTES;

type StaticOf<Contract, Part extends keyof RouteContract> = Contract extends { [K in Part]: infer Schema extends TSchema } ? Static<Schema> : never;

/** The path map as types: `never` for a part the route does not take. */
export type ApiRoutes = {
  [Route in ApiRoute]: {
    params: StaticOf<(typeof API_ROUTES)[Route], 'params'>;
    query: StaticOf<(typeof API_ROUTES)[Route], 'query'>;
    body: StaticOf<(typeof API_ROUTES)[Route], 'body'>;
    response: StaticOf<(typeof API_ROUTES)[Route], 'response'>;
  };
};
