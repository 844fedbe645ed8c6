/**
 * Session ids of telemetry events. A caller without a token may send any session id, so its
 * events are kept in a namespace of their own (ANONYMOUS_SESSION_PREFIX): an anonymous activity
 * can never join a signed-in user's session in the admin views. The prefix is the gateway's
 * alone, so a session id sent with it is refused.
 */
import { ANONYMOUS_SESSION_PREFIX } from '@ust/schemas';
import type { Principal } from '../auth/authentication.js';

/** The session id an event is stored with: the caller's own, namespaced when anonymous, else the token's. */
export function storedSessionId(claimed: string | null | undefined, principal: Principal | undefined): string | null {
  if (!principal) return claimed ? `${ANONYMOUS_SESSION_PREFIX}${claimed}` : null;
  return claimed ?? principal.sessionId ?? null;
}

export const isReservedSessionId = (claimed: string | null | undefined) => claimed?.startsWith(ANONYMOUS_SESSION_PREFIX) === true;

/**
 * The 400 for a body field (`/logs/3/sessionId`) that claims a session id of the anonymous
 * namespace, shaped as a schema validation failure, so the client gets the same error body
 * naming the field.
 */
export function reservedSessionIdError(instancePath: string): Error {
  return Object.assign(new Error(`${instancePath} starts with "${ANONYMOUS_SESSION_PREFIX}"`), {
    statusCode: 400,
    validationContext: 'body',
    validation: [
      {
        instancePath,
        keyword: 'not',
        params: {},
        message: `must not start with "${ANONYMOUS_SESSION_PREFIX}": the gateway gives that prefix to the sessions of callers without a token`,
      },
    ],
  });
}
