/**
 * Sign-in with oidc-client-ts (authorization code + PKCE) plus what the library leaves to the
 * app: the ID token's signature and nonce (auth-session.ts, verify-id-token.ts), where to go
 * after sign-in (sign-in-request.ts), and one access-token getter for the API client. No React
 * here; AuthProvider turns it into state.
 */
import type { User, UserManager } from 'oidc-client-ts';
import type { AppConfig } from '../../config';
import type { ClientLogger } from '../../telemetry/client-logger';
import { AuthSession } from './auth-session';
import type { AuthUser } from './auth-user';
import { restoreSession } from './restore-session';
import { storedSessionHint, type SessionHint } from './session-hint';
import { randomNonce, safeReturnTo, type SignInState } from './sign-in-request';
import { createUserManager } from './user-manager';
import { followUserManagerEvents } from './user-manager-events';

export type { AuthUser } from './auth-user';

/** Renew a token this close to expiry before using it. */
const TOKEN_EXPIRY_MARGIN_SECONDS = 30;

export interface AuthClient {
  /** Redirects to the provider; returnTo is where the app goes after the callback. */
  signIn(returnTo?: string): Promise<void>;
  /** Handles /callback: exchanges the code, verifies the ID token, answers where to go. */
  completeSignIn(url: string): Promise<{ user: AuthUser; returnTo: string }>;
  /** The stored session, or a silent check with the provider's session cookie (in a browser that signed in here); null when signed out. */
  restoreSession(): Promise<AuthUser | null>;
  /** Clears the local session and ends the provider's, which returns to the origin. */
  signOut(): Promise<void>;
  /** A valid access token (renewed if needed); null when signed out; throws 'Get access token failed'. */
  getAccessToken(): Promise<string | null>;
  /** The held token if unexpired, without renewing (for telemetry sent on unload). */
  currentAccessToken(): string | null;
  /** Renewed or removed users (automatic silent renew, sign-out in the library). */
  onUserChange(listener: (user: AuthUser | null) => void): () => void;
}

/**
 * One silent renewal at a time: callers asking while one is in flight share it. The renewed
 * user is usable at once; the userLoaded listener (user-manager-events.ts) verifies it and drops
 * it if it fails.
 */
function singleRenewal(userManager: UserManager, session: AuthSession): () => Promise<User> {
  let renewing: Promise<User> | null = null;
  return async () => {
    renewing ??= userManager.signinSilent().then((user) => {
      if (!user) throw new Error('Silent renew returned no user');
      session.current = user;
      return user;
    });
    try {
      return await renewing;
    } finally {
      renewing = null;
    }
  };
}

export function createAuthClient(
  oidc: AppConfig['oidc'],
  logger: ClientLogger,
  userManager: UserManager = createUserManager(oidc),
  hint: SessionHint = storedSessionHint(() => window.localStorage),
): AuthClient {
  const session = new AuthSession(userManager, oidc, hint);
  const renew = singleRenewal(userManager, session);
  followUserManagerEvents(userManager, session, logger);

  return {
    async signIn(returnTo) {
      const nonce = randomNonce();
      await userManager.signinRedirect({ nonce, state: { nonce, returnTo } satisfies SignInState });
    },

    completeSignIn(url) {
      return session.signIn(async () => {
        const user = await userManager.signinCallback(url);
        if (!user) throw new Error('The callback carried no sign-in response');
        const state = user.state as Partial<SignInState> | undefined;
        if (!state?.nonce) throw new Error('The sign-in response has no nonce to check');
        return { user: await session.accept(user, state.nonce), returnTo: safeReturnTo(state.returnTo) };
      });
    },

    restoreSession: () => restoreSession(userManager, session, renew, hint, logger),

    async signOut() {
      session.current = null;
      hint.clear();
      // Removes the stored user, then ends the provider's session with id_token_hint.
      await userManager.signoutRedirect();
    },

    async getAccessToken() {
      const user = session.current ?? (await userManager.getUser());
      if (!user) return null;
      if ((user.expires_in ?? 0) > TOKEN_EXPIRY_MARGIN_SECONDS) return user.access_token;
      try {
        return (await renew()).access_token;
      } catch (error) {
        logger.error('AUTH', 'Get access token failed', { error });
        throw new Error('Get access token failed', { cause: error });
      }
    },

    currentAccessToken() {
      const { current } = session;
      return current && !current.expired ? current.access_token : null;
    },

    onUserChange: (listener) => session.onChange(listener),
  };
}
