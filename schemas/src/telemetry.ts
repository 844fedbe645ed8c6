/**
 * Telemetry: what browsers send (client log entries, activities), what the gateway publishes
 * to `telemetry.logs.v1` / `telemetry.activities.v1`, and what ingest writes to ClickHouse.
 * Every event carries a unique `event_id`: the tables are keyed by it, so a redelivered batch
 * adds no rows (docs/decisions/0023-telemetry-deduplication.md).
 */
import Type, { type Static } from 'typebox';
import { ANONYMOUS_SESSION_PREFIX, MAX_CONTEXT_DEPTH, MAX_LOG_CATEGORY_CHARS, MAX_LOG_ENTRIES_PER_CALL, MAX_LOG_MESSAGE_CHARS } from './constants.js';

export { ANONYMOUS_SESSION_PREFIX, MAX_CONTEXT_DEPTH, MAX_LOG_CATEGORY_CHARS, MAX_LOG_ENTRIES_PER_CALL, MAX_LOG_MESSAGE_CHARS };

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export const LogLevel = Type.Enum(LOG_LEVELS);
export type LogLevel = Static<typeof LogLevel>;

/** At most this many bytes per telemetry request body. */
export const MAX_TELEMETRY_BODY_BYTES = 256 * 1024;

/**
 * Most bytes (UTF-8) of JSON text the gateway keeps of one entry's `context` or one activity's
 * `details`: the body limit alone would let one entry hold a quarter of a megabyte in the
 * gateway's buffer, in Kafka and in every row read back.
 */
export const MAX_STORED_CONTEXT_BYTES = 16 * 1024;

/**
 * What is stored instead of a context or details whose JSON text is longer than
 * MAX_STORED_CONTEXT_BYTES: still valid JSON, saying so, with as much of the text as fits.
 */
export const TruncatedContext = Type.Object(
  {
    truncated: Type.Literal(true),
    /** Bytes (UTF-8) of the JSON text as the client sent it. */
    original_bytes: Type.Integer({ minimum: MAX_STORED_CONTEXT_BYTES + 1 }),
    /** The start of that JSON text, cut at a character boundary (not itself valid JSON). */
    prefix: Type.String(),
  },
  { additionalProperties: false },
);
export type TruncatedContext = Static<typeof TruncatedContext>;

const ClientSessionId = Type.String({
  maxLength: 200,
  description: `The browser's session id. Must not start with "${ANONYMOUS_SESSION_PREFIX}": without a token the gateway stores it with that prefix`,
});

/** One entry a browser sends (docs/product.md section 3, 'Log entry (client-sent)'). */
export const ClientLogEntry = Type.Object(
  {
    timestamp: Type.String({ format: 'date-time', description: 'When the browser logged it (ISO 8601)' }),
    level: LogLevel,
    category: Type.String({ minLength: 1, maxLength: MAX_LOG_CATEGORY_CHARS, description: 'e.g. GLOBAL_ERROR, API, ADMIN_PANEL, PERFORMANCE' }),
    message: Type.String({ maxLength: MAX_LOG_MESSAGE_CHARS }),
    /**
     * Free-form details, nested at most MAX_CONTEXT_DEPTH levels; stored as JSON text, at most
     * MAX_STORED_CONTEXT_BYTES of it (else a TruncatedContext).
     */
    context: Type.Optional(Type.Unknown({ description: `Free-form JSON, nested at most ${MAX_CONTEXT_DEPTH} levels deep` })),
    userId: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    sessionId: Type.Optional(Type.Union([ClientSessionId, Type.Null()])),
    url: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    userAgent: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ClientLogEntry = Static<typeof ClientLogEntry>;

export const PostLogsBody = Type.Object(
  { logs: Type.Array(ClientLogEntry, { minItems: 1, maxItems: MAX_LOG_ENTRIES_PER_CALL }) },
  { additionalProperties: false },
);
export type PostLogsBody = Static<typeof PostLogsBody>;

/**
 * The one activity enum (docs/decisions/0007-activity-types.md): the eight map activity
 * types of docs/product.md section 7, then the admin panel and the four usage events.
 */
export const ACTIVITY_TYPES = [
  'map_loaded',
  'boundary_level_change',
  'county_metric_change',
  'county_facilities_viewed',
  'county_selected',
  'state_selected',
  'map_color_scale_change',
  'county_map_style_change',
  'admin_panel_accessed',
  'address_search',
  'facility_view',
  'release_view',
  'tank_ai_query',
] as const;
export const ActivityType = Type.Enum(ACTIVITY_TYPES);
export type ActivityType = Static<typeof ActivityType>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** POST /log-activity (docs/product.md section 7); the server takes the user from the token, not the body. */
export const PostActivityBody = Type.Object(
  {
    activity_type: ActivityType,
    auth0_user_id: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    email: Type.Optional(Nullable(Type.String({ maxLength: 320 }))),
    name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    facility_id: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    release_id: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    location_lat: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
    location_lon: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
    session_id: Type.Optional(Nullable(ClientSessionId)),
    /** The page (path) the activity happened on. */
    page: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    /**
     * Free-form details (the metric chosen, the address searched), nested at most
     * MAX_CONTEXT_DEPTH levels; stored as JSON text, at most MAX_STORED_CONTEXT_BYTES of it
     * (else a TruncatedContext).
     */
    details: Type.Optional(Type.Unknown({ description: `Free-form JSON, nested at most ${MAX_CONTEXT_DEPTH} levels deep` })),
  },
  { additionalProperties: false },
);
export type PostActivityBody = Static<typeof PostActivityBody>;

/** What POST /logs and POST /log-activity answer (202). */
export const TelemetryAccepted = Type.Object({ accepted: Type.Integer({ description: 'Entries held for delivery to the log store' }) });
export type TelemetryAccepted = Static<typeof TelemetryAccepted>;

/** Where a log event came from: a browser's POST /logs, or the gateway's own request log. */
export const LOG_SOURCES = ['client', 'gateway'] as const;

/** Category of the gateway's request-log events. */
export const REQUEST_LOG_CATEGORY = 'API_REQUEST';

/**
 * A log event on `telemetry.logs.v1` and a row of the `logs` table. Timestamps are ISO 8601
 * with milliseconds, UTC. The user fields come from the verified token (null when anonymous).
 */
export const LogEvent = Type.Object(
  {
    event_id: Type.String({ format: 'uuid' }),
    timestamp: Type.String({ format: 'date-time' }),
    received_at: Type.String({ format: 'date-time' }),
    source: Type.Enum(LOG_SOURCES),
    level: LogLevel,
    category: Type.String({ minLength: 1, maxLength: MAX_LOG_CATEGORY_CHARS }),
    message: Type.String({ maxLength: MAX_LOG_MESSAGE_CHARS }),
    /** JSON text of the client's context ('' when none). */
    context: Type.String(),
    user_id: Nullable(Type.String()),
    /**
     * The session the browser reported (client; prefixed ANONYMOUS_SESSION_PREFIX without a
     * token) or the token's session id (gateway).
     */
    session_id: Nullable(Type.String()),
    url: Nullable(Type.String()),
    user_agent: Nullable(Type.String()),
    /** Request-log fields (source gateway); null for client entries. */
    method: Nullable(Type.String()),
    /** The route template, e.g. /api/facilities/:id, never the raw URL with ids. */
    endpoint: Nullable(Type.String()),
    status_code: Nullable(Type.Integer({ minimum: 100, maximum: 599 })),
    duration_ms: Nullable(Type.Number({ minimum: 0 })),
    request_id: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type LogEvent = Static<typeof LogEvent>;

/** An activity event on `telemetry.activities.v1` and a row of `user_activities`. */
export const ActivityEvent = Type.Object(
  {
    event_id: Type.String({ format: 'uuid' }),
    timestamp: Type.String({ format: 'date-time' }),
    activity_type: ActivityType,
    /** The token's subject, `provider|id`; null when anonymous. */
    auth0_user_id: Nullable(Type.String()),
    user_role: Nullable(Type.String()),
    email: Nullable(Type.String()),
    name: Nullable(Type.String()),
    /** The browser's session, prefixed ANONYMOUS_SESSION_PREFIX without a token; else the token's. */
    session_id: Nullable(Type.String()),
    facility_id: Nullable(Type.String()),
    release_id: Nullable(Type.String()),
    location_lat: Nullable(Type.Number()),
    location_lon: Nullable(Type.Number()),
    page: Nullable(Type.String()),
    /** JSON text of the details ('' when none). */
    details: Type.String(),
  },
  { additionalProperties: false },
);
export type ActivityEvent = Static<typeof ActivityEvent>;
