/**
 * The exports (docs/decisions/0034-access-by-role.md: every active user; the admin lists' exports
 * stay admin-only): each list the app shows can be downloaded as CSV (UTF-8 with a BOM for Excel,
 * cells a spreadsheet would run as a formula prefixed with a quote) and, for the map's regions and
 * the search results, as a GeoJSON FeatureCollection of points ([longitude, latitude]). An export is
 * `<the list's URL>/export/<csv|geojson>` with the list's own parameters, streamed as it is read.
 */
import Type, { type Static } from 'typebox';
import { LOG_SOURCES, LogLevel } from './telemetry.js';

/** The most rows an admin list's export holds: the newest ones matching its filters. */
export const MAX_ADMIN_EXPORT_ROWS = 100_000;
const exportLimit = Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ADMIN_EXPORT_ROWS, default: MAX_ADMIN_EXPORT_ROWS }));

export const CsvExport = Type.String({ description: 'text/csv, UTF-8 with a BOM: a header line, then one line per row' });
export const GeoJsonExport = Type.String({ description: 'application/geo+json: a FeatureCollection of Point features, [longitude, latitude]' });

/** GET /admin/logs/export/csv: the System Logs filters, every matching entry up to `limit`. */
export const AdminLogsExportQuery = Type.Object(
  {
    limit: exportLimit,
    level: Type.Optional(LogLevel),
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of the message or the category' })),
    source: Type.Optional(Type.Enum(LOG_SOURCES)),
  },
  { additionalProperties: false },
);
export type AdminLogsExportQuery = Static<typeof AdminLogsExportQuery>;

/** GET /admin/user-activities/export/csv: the newest activities up to `limit`. */
export const AdminActivitiesExportQuery = Type.Object({ limit: exportLimit }, { additionalProperties: false });
export type AdminActivitiesExportQuery = Static<typeof AdminActivitiesExportQuery>;

/**
 * GET /search-address/export/{csv,geojson}: the facilities a search found around the point it
 * located (its answer's geocoding.latitude and longitude), as the results list shows them.
 */
export const SearchExportQuery = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
  },
  { additionalProperties: false },
);
export type SearchExportQuery = Static<typeof SearchExportQuery>;
