/**
 * How the admin console shows its rows, as plain functions so the formats are unit-tested
 * without a DOM. Times use the app's formats (src/components/format.ts); the raw ISO value goes
 * in a <time> element's dateTime.
 */
import type {
  ActivityType,
  AdminActivity,
  AdminLogEntry,
  AdminUser,
  ANONYMOUS_SESSION_PREFIX as SchemaAnonymousSessionPrefix,
  LogLevel,
  Role,
} from '@ust/schemas';
import { formatCoordinate, formatCount } from '../../components/format';
import { KNOWN_ROLES } from '../auth/role-cache';

const durationFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** docs/product.md section 2: the part of the identity id after the bar ('local|demo-admin' -> 'demo-admin'). */
export function userLabel(identityId: string | null | undefined): string {
  if (!identityId) return 'Anonymous';
  const bar = identityId.indexOf('|');
  return bar < 0 ? identityId : identityId.slice(bar + 1);
}

/** A session derived from activities (docs/product.md section 7) is a user's day; its id says so, and can never be a browser's. */
const DERIVED_SESSION_PREFIX = 'derived:';
export const derivedSessionId = (day: string, identityId: string | null): string => `${DERIVED_SESSION_PREFIX}${day}:${identityId ?? 'anonymous'}`;

/** The gateway's prefix for the sessions of callers without a token; the type ties it to the schema. */
const ANONYMOUS_SESSION_PREFIX: typeof SchemaAnonymousSessionPrefix = 'anon:';

/**
 * A session card's title: the shortened id, its last 8 characters (browser session ids start
 * with the time, so their ends tell them apart), marked when it came without sign-in (the same
 * browser's signed-in session ends alike); a derived session's day.
 */
export function sessionTitle(sessionId: string): string {
  if (sessionId.startsWith(DERIVED_SESSION_PREFIX)) return `Day ${sessionId.slice(DERIVED_SESSION_PREFIX.length, DERIVED_SESSION_PREFIX.length + 10)}`;
  if (sessionId.startsWith(ANONYMOUS_SESSION_PREFIX)) return `Without sign-in ${sessionTitle(sessionId.slice(ANONYMOUS_SESSION_PREFIX.length))}`;
  return sessionId.length <= 12 ? sessionId : `…${sessionId.slice(-8)}`;
}

/** The Details column: duration in ms, status code, method and endpoint; empty for browser entries. */
export function logDetails(entry: Pick<AdminLogEntry, 'duration_ms' | 'status_code' | 'method' | 'endpoint'>): string[] {
  const details: string[] = [];
  if (entry.duration_ms !== null) details.push(`${durationFormat.format(entry.duration_ms)} ms`);
  if (entry.status_code !== null) details.push(`status ${entry.status_code}`);
  const request = [entry.method, entry.endpoint].filter(Boolean).join(' ');
  if (request) details.push(request);
  return details;
}

/** The level select's options (docs/product.md section 2); 'ALL' sends no level. */
export const LEVEL_OPTIONS = [
  { value: 'ALL', label: 'All Levels' },
  { value: 'ERROR', label: 'Errors' },
  { value: 'WARN', label: 'Warnings' },
  { value: 'INFO', label: 'Info' },
  { value: 'DEBUG', label: 'Debug' },
] as const satisfies ReadonlyArray<{ value: LogLevel | 'ALL'; label: string }>;
export type LevelChoice = (typeof LEVEL_OPTIONS)[number]['value'];

export const levelParam = (choice: LevelChoice): LogLevel | undefined => (choice === 'ALL' ? undefined : choice);

/** 'facility_view' -> 'facility view'. */
export const activityLabel = (type: ActivityType): string => type.replaceAll('_', ' ');

const USAGE_EVENTS: readonly ActivityType[] = ['address_search', 'facility_view', 'release_view', 'tank_ai_query'];

/** The badge colour group: the admin's own visits, usage events, or the map's events (docs/decisions/0007-activity-types.md). */
export function activityGroup(type: ActivityType): 'admin' | 'usage' | 'map' {
  if (type === 'admin_panel_accessed') return 'admin';
  return USAGE_EVENTS.includes(type) ? 'usage' : 'map';
}

/** docs/product.md section 2: facility id and coordinates (4 decimals, as in tables), plus the release id when there is one. */
export function activityDetails(activity: Pick<AdminActivity, 'facility_id' | 'release_id' | 'location_lat' | 'location_lon'>): string[] {
  const details: string[] = [];
  if (activity.facility_id) details.push(`Facility ${activity.facility_id}`);
  if (activity.release_id) details.push(`Release ${activity.release_id}`);
  if (activity.location_lat !== null && activity.location_lon !== null) {
    details.push(`${formatCoordinate(activity.location_lat, 4)}, ${formatCoordinate(activity.location_lon, 4)}`);
  }
  return details;
}

/** A stored role the app knows, for its badge; anything else is shown as text. */
export function knownRole(value: string | null): Role | undefined {
  return (KNOWN_ROLES as readonly (string | null)[]).includes(value) ? (value as Role) : undefined;
}

/**
 * The User Management footer: the total and every role's count
 * (docs/decisions/0003-underwriter-role.md), admins first and general last as the spec names
 * them, roles with no users included so a zero is visible.
 */
export function userCounts(users: readonly Pick<AdminUser, 'role' | 'is_active'>[]): Array<{ label: string; value: string }> {
  const order: Role[] = ['admin', 'broker', 'underwriter', 'general'];
  const count = (role: Role) => users.filter((user) => user.role === role).length;
  const inactive = users.filter((user) => !user.is_active).length;
  return [
    { label: 'Total users', value: formatCount(users.length) },
    ...order.map((role) => ({ label: role === 'general' ? 'General users' : `${role[0]!.toUpperCase()}${role.slice(1)}s`, value: formatCount(count(role)) })),
    { label: 'Inactive', value: formatCount(inactive) },
  ];
}
