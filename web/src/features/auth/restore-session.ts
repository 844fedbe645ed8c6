import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import type { ClientLogger } from '../../telemetry/client-logger';
import type { AuthSession } from './auth-session';
import type { SessionHint } from './session-hint';
import { toAuthUser, type AuthUser } from './auth-user';
import { randomNonce, type SignInState } from './sign-in-request';

/** The start-up session check must not hold the 'Loading...' screen for the whole silent-renew timeout. */
const SESSION_CHECK_TIMEOUT_SECONDS = 10;
/** The provider answered "not signed in" to a prompt=none request: an ordinary outcome. */
const SIGNED_OUT_ERRORS = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

/**
 * The user at start-up: the stored one while unexpired; else renewed with its refresh token;
 * else, in a browser that signed in here before (session-hint.ts), a silent check with the
 * provider's session cookie. Null when signed out, also when the check fails (logged unless the
 * provider simply said "not signed in").
 */
export async function restoreSession(
  userManager: UserManager,
  session: AuthSession,
  renew: () => Promise<User>,
  hint: SessionHint,
  logger: ClientLogger,
): Promise<AuthUser | null> {
  const stored = await userManager.getUser();
  if (stored && !stored.expired) {
    session.current = stored;
    return toAuthUser(stored);
  }
  if (!stored && !hint.present()) return null;
  return session.signIn(async () => {
    try {
      if (stored?.refresh_token) return await session.accept(await renew());
      const nonce = randomNonce();
      const user = await userManager.signinSilent({
        nonce,
        state: { nonce } satisfies SignInState,
        silentRequestTimeoutInSeconds: SESSION_CHECK_TIMEOUT_SECONDS,
      });
      if (!user) return null;
      return await session.accept(user, nonce);
    } catch (error) {
      if (!(error instanceof ErrorResponse && error.error && SIGNED_OUT_ERRORS.has(error.error))) {
        logger.warn('AUTH', 'Session check failed', { error });
      }
      await userManager.removeUser();
      hint.clear();
      return null;
    }
  });
}
