/**
 * Usage and map activity events (docs/product.md section 7,
 * docs/decisions/0007-activity-types.md): POST /api/log-activity 2 s after the event, fire
 * and forget. Errors are ignored: activity is a statistic, not something the user should
 * ever wait for or hear about.
 */
import type { ActivityType, PostActivityBody } from '@ust/schemas';

export const ACTIVITY_DELAY_MS = 2_000;

/** What the caller knows about the event; the recorder adds who, where and which session. */
export type ActivityFields = Pick<PostActivityBody, 'facility_id' | 'release_id' | 'location_lat' | 'location_lon' | 'details'>;

/** The signed-in user and the page, read when the event happens (the page may change within 2 s). */
export interface ActivitySource {
  user: { sub: string; email: string | null; name: string | null } | null;
  page: string;
}

export interface ActivityRecorderOptions {
  /** @defaultValue '/api/log-activity' */
  endpoint?: string;
  fetch: typeof fetch;
  setTimeout: (callback: () => void, ms: number) => unknown;
  sessionId: string;
  source: () => ActivitySource;
  /** Read when the event is sent, so a token renewed meanwhile is used. */
  getAccessToken: () => string | null;
}

export type RecordActivity = (type: ActivityType, fields?: ActivityFields) => void;

export function createActivityRecorder(options: ActivityRecorderOptions): RecordActivity {
  const { fetch: send, setTimeout, sessionId, source, getAccessToken } = options;
  const endpoint = options.endpoint ?? '/api/log-activity';
  return (type, fields = {}) => {
    const { user, page } = source();
    // The server takes the user from the token; the body's identity is informational.
    const body: PostActivityBody = {
      activity_type: type,
      auth0_user_id: user?.sub ?? null,
      email: user?.email ?? null,
      name: user?.name ?? null,
      session_id: sessionId,
      page,
      ...fields,
    };
    setTimeout(() => {
      const token = getAccessToken();
      send(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).catch(() => undefined);
    }, ACTIVITY_DELAY_MS);
  };
}
