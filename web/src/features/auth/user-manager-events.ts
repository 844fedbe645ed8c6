import type { UserManager } from 'oidc-client-ts';
import type { ClientLogger } from '../../telemetry/client-logger';
import type { AuthSession } from './auth-session';

/**
 * What oidc-client-ts does on its own, followed into the session: an automatic silent renewal
 * stores a new user, which is verified before use (there is no nonce of ours to compare); a
 * removed user or an expired token ends the session for this app.
 */
export function followUserManagerEvents(userManager: UserManager, session: AuthSession, logger: ClientLogger): void {
  userManager.events.addUserLoaded((user) => {
    if (session.signingIn) return;
    session
      .accept(user)
      .then((accepted) => session.notify(accepted))
      .catch((error: unknown) => {
        logger.error('AUTH', 'Renewed ID token failed verification', { error });
        session.current = null;
        session.notify(null);
      });
  });
  userManager.events.addUserUnloaded(() => {
    session.current = null;
    session.notify(null);
  });
  userManager.events.addSilentRenewError((error) => logger.warn('AUTH', 'Silent renew failed', { error }));
  userManager.events.addAccessTokenExpired(() => {
    // Renewal did not happen in time: the session is over for this app.
    void userManager.removeUser();
  });
}
