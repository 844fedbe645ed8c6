/**
 * The admin console's data (docs/product.md sections 2 'Admin Panel', 3 and 7) and the
 * signed-in user's own activity card (docs/decisions/0008-live-activity-card.md). Timestamps
 * are ISO 8601 UTC with milliseconds and 'Z'.
 */
import Type, { type Static } from 'typebox';
import { AdminUser } from './identity.js';
import { ActivityType, LOG_SOURCES, LogLevel } from './telemetry.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC with milliseconds, e.g. 2025-01-31T09:15:02.125Z' });

/** The largest page any admin list answers. */
export const MAX_ADMIN_LIST_LIMIT = 500;
const limit = (defaultValue: number) => Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ADMIN_LIST_LIMIT, default: defaultValue }));

/** GET /admin/logs?limit=20 (docs/product.md section 7) plus the System Logs tab's filters, applied server-side. */
export const AdminLogsQuery = Type.Object(
  {
    limit: limit(20),
    level: Type.Optional(LogLevel),
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of the message or the category' })),
    source: Type.Optional(Type.Enum(LOG_SOURCES)),
  },
  { additionalProperties: false },
);
export type AdminLogsQuery = Static<typeof AdminLogsQuery>;

/** GET /admin/user-activities?limit=50. */
export const AdminActivitiesQuery = Type.Object({ limit: limit(50) }, { additionalProperties: false });
export type AdminActivitiesQuery = Static<typeof AdminActivitiesQuery>;

/** Sessions with an activity in this many days are listed; older ones are not read. */
export const SESSIONS_WINDOW_DAYS = 7;

/** GET /admin/sessions?limit=20: the newest sessions of the last SESSIONS_WINDOW_DAYS. */
export const AdminSessionsQuery = Type.Object({ limit: limit(20) }, { additionalProperties: false });
export type AdminSessionsQuery = Static<typeof AdminSessionsQuery>;

/** docs/product.md section 3 'Log entry (admin list)'; the request fields are null on browser entries. */
export const AdminLogEntry = Type.Object({
  id: Type.String({ format: 'uuid' }),
  timestamp: IsoTimestamp,
  level: LogLevel,
  category: Type.String(),
  message: Type.String(),
  user_id: Nullable(Type.String()),
  duration_ms: Nullable(Type.Number()),
  status_code: Nullable(Type.Integer()),
  endpoint: Nullable(Type.String()),
  method: Nullable(Type.String()),
});
export type AdminLogEntry = Static<typeof AdminLogEntry>;

/** docs/product.md section 3 'User activity', plus what the tab and the sessions fallback need. */
export const AdminActivity = Type.Object({
  id: Type.String({ format: 'uuid' }),
  auth0_user_id: Nullable(Type.String()),
  activity_type: ActivityType,
  timestamp: IsoTimestamp,
  user_role: Nullable(Type.String()),
  facility_id: Nullable(Type.String()),
  location_lat: Nullable(Type.Number()),
  location_lon: Nullable(Type.Number()),
  email: Nullable(Type.String()),
  release_id: Nullable(Type.String()),
  session_id: Nullable(Type.String()),
  page: Nullable(Type.String()),
});
export type AdminActivity = Static<typeof AdminActivity>;

/** docs/product.md section 3 'Session (admin)': one browser session's activities. */
export const AdminSession = Type.Object({
  session_id: Type.String(),
  /** The session's signed-in user (its latest activity with one); null when it stayed anonymous. */
  user_id: Nullable(Type.String()),
  start_time: IsoTimestamp,
  last_activity: IsoTimestamp,
  activity_count: Type.Integer({ minimum: 1 }),
  /** Distinct pages, in alphabetical order. */
  pages_visited: Type.Array(Type.String()),
});
export type AdminSession = Static<typeof AdminSession>;

/** The analytics cards and series cover this many minutes (docs/decisions/0009-admin-analytics-window.md). */
export const ANALYTICS_WINDOW_MINUTES = 60;
/** A session is active when it had an activity within this many minutes (docs/decisions/0009-admin-analytics-window.md). */
export const ACTIVE_SESSION_MINUTES = 30;

/**
 * Telemetry from callers without a token (docs/decisions/0002-anonymous-telemetry.md), over the
 * same window as the cards and counted apart from them: anyone can send it, so it must not move
 * the figures of the platform's users. A browser entry is anonymous when it came without a token
 * (`user_id` null); an activity, when it came without a token (`auth0_user_id` null).
 */
export const AdminAnonymousTelemetry = Type.Object({
  /** Anonymous browser log entries in the window, every level. */
  log_entries: Type.Integer({ minimum: 0 }),
  /** Of them, the entries at ERROR. */
  errors: Type.Integer({ minimum: 0 }),
  /** Anonymous activities in the window. */
  activities: Type.Integer({ minimum: 0 }),
  /** Distinct sessions with an anonymous activity in the last 30 minutes (their ids start with "anon:"). */
  active_sessions: Type.Integer({ minimum: 0 }),
});
export type AdminAnonymousTelemetry = Static<typeof AdminAnonymousTelemetry>;

/** The four Analytics cards (docs/decisions/0009-admin-analytics-window.md) over the last 60 minutes, and anonymous telemetry apart. */
export const AdminAnalyticsSummary = Type.Object({
  window_minutes: Type.Literal(ANALYTICS_WINDOW_MINUTES),
  /** Distinct signed-in users with an activity in the window. */
  total_users: Type.Integer({ minimum: 0 }),
  /** Distinct sessions with a signed-in user's activity in the last 30 minutes. */
  active_sessions: Type.Integer({ minimum: 0 }),
  /**
   * ERROR entries as a share of the log entries in the window, in percent, one decimal; 0
   * without entries. The entries are the gateway's request log (every API call, with a token
   * or not: a 5xx is the platform's error whoever called) and signed-in users' browser entries;
   * anonymous browser entries are counted in `anonymous` instead.
   */
  error_rate_percent: Type.Number({ minimum: 0, maximum: 100 }),
  /** Mean duration of the gateway's requests in the window, rounded ms; 0 without requests. */
  avg_response_time_ms: Type.Integer({ minimum: 0 }),
  anonymous: AdminAnonymousTelemetry,
  generated_at: IsoTimestamp,
});
export type AdminAnalyticsSummary = Static<typeof AdminAnalyticsSummary>;

/** One minute of the analytics series; idle minutes are present with zeros. */
export const AdminAnalyticsPoint = Type.Object({
  /** Start of the minute. */
  minute: IsoTimestamp,
  /** Gateway requests. */
  requests: Type.Integer({ minimum: 0 }),
  /** ERROR entries counted by the error rate: the gateway's request log and signed-in users' browser entries. */
  errors: Type.Integer({ minimum: 0 }),
  /** Anonymous browser entries at ERROR, apart from `errors`. */
  anonymous_errors: Type.Integer({ minimum: 0 }),
  /** Request duration quantiles, rounded ms; null without requests. */
  p50_ms: Nullable(Type.Number()),
  p95_ms: Nullable(Type.Number()),
});
export type AdminAnalyticsPoint = Static<typeof AdminAnalyticsPoint>;

/** GET /admin/analytics: the cards and 60 per-minute points, oldest first. */
export const AdminAnalytics = Type.Object({
  ...AdminAnalyticsSummary.properties,
  series: Type.Array(AdminAnalyticsPoint, { minItems: ANALYTICS_WINDOW_MINUTES, maxItems: ANALYTICS_WINDOW_MINUTES }),
});
export type AdminAnalytics = Static<typeof AdminAnalytics>;

export const AdminLogsResponse = Type.Object({ logs: Type.Array(AdminLogEntry) });
export type AdminLogsResponse = Static<typeof AdminLogsResponse>;
export const AdminActivitiesResponse = Type.Object({ activities: Type.Array(AdminActivity) });
export type AdminActivitiesResponse = Static<typeof AdminActivitiesResponse>;
export const AdminUsersResponse = Type.Object({ users: Type.Array(AdminUser) });
export type AdminUsersResponse = Static<typeof AdminUsersResponse>;
export const AdminSessionsResponse = Type.Object({ sessions: Type.Array(AdminSession) });
export type AdminSessionsResponse = Static<typeof AdminSessionsResponse>;

/** GET /me/activity: the dashboard's Your Activity card (docs/decisions/0008-live-activity-card.md). */
export const MeActivity = Type.Object({
  /** address_search activities. */
  total_searches: Type.Integer({ minimum: 0 }),
  /** facility_view activities. */
  facilities_viewed: Type.Integer({ minimum: 0 }),
  /** The latest activity of any type; null shows as 'Never'. */
  last_activity: Nullable(IsoTimestamp),
});
export type MeActivity = Static<typeof MeActivity>;
