/**
 * Telemetry events as the gateway publishes them: what the browser sent, enriched with who
 * sent it according to the verified token (never according to the body) and when it arrived.
 */
import { randomUUID } from 'node:crypto';
import { REQUEST_LOG_CATEGORY, type ActivityEvent, type ClientLogEntry, type LogEvent, type LogLevel, type PostActivityBody } from '@ust/schemas';
import type { Principal } from '../auth/authentication.js';
import { cappedJson, cappedJsonText } from './capped-json-text.js';
import { storedSessionId } from './session-ids.js';

/** A browser clock further off than this is not believed (the row would fall outside the TTL or the charts). */
const MAX_CLIENT_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export function clientLogEvent(entry: ClientLogEntry, principal: Principal | undefined, userAgent: string | undefined, receivedAt: Date): LogEvent {
  const claimed = new Date(entry.timestamp);
  const believable = Math.abs(claimed.getTime() - receivedAt.getTime()) <= MAX_CLIENT_CLOCK_SKEW_MS;
  return {
    event_id: randomUUID(),
    timestamp: (believable ? claimed : receivedAt).toISOString(),
    received_at: receivedAt.toISOString(),
    source: 'client',
    level: entry.level,
    category: entry.category,
    message: entry.message,
    // The browser's own time is kept beside its context when it was not believed.
    context: believable ? cappedJson(entry.context) : cappedJsonText(JSON.stringify({ client_timestamp: entry.timestamp, context: entry.context ?? null })),
    user_id: principal?.sub ?? null,
    session_id: storedSessionId(entry.sessionId, principal),
    url: entry.url ?? null,
    user_agent: entry.userAgent ?? userAgent ?? null,
    method: null,
    endpoint: null,
    status_code: null,
    duration_ms: null,
    request_id: null,
  };
}

export function activityEvent(body: PostActivityBody, principal: Principal | undefined, at: Date): ActivityEvent {
  return {
    event_id: randomUUID(),
    timestamp: at.toISOString(),
    activity_type: body.activity_type,
    auth0_user_id: principal?.sub ?? null,
    user_role: principal?.role ?? null,
    email: principal?.email ?? null,
    name: principal?.name ?? null,
    session_id: storedSessionId(body.session_id, principal),
    facility_id: body.facility_id ?? null,
    release_id: body.release_id ?? null,
    location_lat: body.location_lat ?? null,
    location_lon: body.location_lon ?? null,
    page: body.page ?? null,
    details: cappedJson(body.details),
  };
}

export interface CompletedRequest {
  id: string;
  method: string;
  /** The route template (/api/facilities/:id), so ids do not explode the endpoint list. */
  endpoint: string;
  statusCode: number;
  durationMs: number;
  startedAt: Date;
  userAgent: string | undefined;
  principal: Principal | undefined;
}

/** 5xx is an error of ours, 4xx a caller's mistake worth a look, the rest information. */
function levelOfStatus(statusCode: number): LogLevel {
  return statusCode >= 500 ? 'ERROR' : statusCode >= 400 ? 'WARN' : 'INFO';
}

export function requestLogEvent(request: CompletedRequest, now: Date): LogEvent {
  return {
    event_id: randomUUID(),
    timestamp: request.startedAt.toISOString(),
    received_at: now.toISOString(),
    source: 'gateway',
    level: levelOfStatus(request.statusCode),
    category: REQUEST_LOG_CATEGORY,
    message: `${request.method} ${request.endpoint} ${request.statusCode}`,
    context: '',
    user_id: request.principal?.sub ?? null,
    session_id: request.principal?.sessionId ?? null,
    url: null,
    user_agent: request.userAgent ?? null,
    method: request.method,
    endpoint: request.endpoint,
    status_code: request.statusCode,
    duration_ms: Math.round(request.durationMs * 100) / 100,
    request_id: request.id,
  };
}
