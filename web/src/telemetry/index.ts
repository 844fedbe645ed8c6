/**
 * The app's telemetry: one client logger and one activity recorder for the page, created here
 * because they must work before React renders and outside it (error handlers, the API client).
 * The auth layer tells them who is signed in through setTelemetryIdentity.
 */
import { createActivityRecorder, type RecordActivity } from './activity-recorder';
import { createClientLogger, type ClientLogger } from './client-logger';
import { loadSessionId } from './session-id';
import { browserStorage } from '../browser-storage';

export interface TelemetryIdentity {
  user: { sub: string; email: string | null; name: string | null } | null;
  /** The current access token if one is held and unexpired; never renews. */
  accessToken: () => string | null;
}

let identity: TelemetryIdentity = { user: null, accessToken: () => null };

export function setTelemetryIdentity(next: TelemetryIdentity): void {
  identity = next;
}

export const sessionId = loadSessionId(browserStorage('session'), Date.now(), (array) => crypto.getRandomValues(array));

export const logger: ClientLogger = createClientLogger({
  fetch: (input, init) => fetch(input, init),
  timers: window,
  now: () => new Date(),
  sessionId,
  source: () => ({ userId: identity.user?.sub ?? null, url: window.location.href, userAgent: navigator.userAgent }),
  getAccessToken: () => identity.accessToken(),
  console,
});

/** Records a usage or map event (POST /api/log-activity after 2 s, errors ignored). */
export const recordActivity: RecordActivity = createActivityRecorder({
  fetch: (input, init) => fetch(input, init),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  sessionId,
  source: () => ({ user: identity.user, page: window.location.pathname }),
  getAccessToken: () => identity.accessToken(),
});

export type { ClientLogger } from './client-logger';
export type { ActivityFields, RecordActivity } from './activity-recorder';
export { installBrowserTelemetry } from './browser-telemetry';
