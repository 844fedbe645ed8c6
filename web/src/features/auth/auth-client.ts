/**
 * Sign-in with oidc-client-ts (authorization code + PKCE) plus what the library leaves to the
 * app: the ID token's signature and nonce (verify-id-token.ts), where to go after sign-in, and
 * one access-token getter for the API client. No React here; AuthProvider turns it into state.
 */
import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';
import type { AppConfig } from '../../config';
import type { ClientLogger } from '../../telemetry/client-logger';
import { createUserManager } from './user-manager';

export interface AuthUser {
  /** The identity subject, `provider|id`. */
  sub: string;
  email: string | null;
  name: string | null;
}

/** What a sign-in request carries through the provider and back. */
interface SignInState {
  nonce: string;
  returnTo?: string;
}

/** The start-up session check must not hold the 'Loading...' screen for the 60 s renew timeout. */
const SESSION_CHECK_TIMEOUT_SECONDS = 10;
/** Renew a token this close to expiry before using it. */
const TOKEN_EXPIRY_MARGIN_SECONDS = 30;
const DEFAULT_RETURN_TO = '/dashboard';
/** The provider answered "not signed in" to a prompt=none request: an ordinary outcome. */
const SIGNED_OUT_ERRORS = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

export interface AuthClient {
  /** Redirects to the provider; returnTo is where the app goes after the callback. */
  signIn(returnTo?: string): Promise<void>;
  /** Handles /callback: exchanges the code, verifies the ID token, answers where to go. */
  completeSignIn(url: string): Promise<{ user: AuthUser; returnTo: string }>;
  /** The stored session, or a silent check with the provider's session cookie; null when signed out. */
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

export function isSignInCallback(location: Pick<Location, 'pathname' | 'search'>): boolean {
  const params = new URLSearchParams(location.search);
  return location.pathname === '/callback' && (params.has('code') || params.has('state') || params.has('error'));
}

/** Only a path of this app: never another origin (open redirect) and never the callback again. */
export function safeReturnTo(returnTo: unknown): string {
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/callback')) return DEFAULT_RETURN_TO;
  return returnTo;
}

export function toAuthUser(user: User): AuthUser {
  const { sub, email, name } = user.profile;
  return { sub, email: typeof email === 'string' ? email : null, name: typeof name === 'string' && name ? name : null };
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function createAuthClient(oidc: AppConfig['oidc'], logger: ClientLogger, userManager: UserManager = createUserManager(oidc)): AuthClient {
  let current: User | null = null;
  let renewing: Promise<User> | null = null;
  /** Set while a sign-in we started is in flight: its user is verified with the nonce there. */
  let signingIn = false;
  const listeners = new Set<(user: AuthUser | null) => void>();

  async function verify(user: User, nonce?: string): Promise<void> {
    const { verifyIdToken, remoteKeys } = await import('./verify-id-token');
    if (!user.id_token) throw new Error('The provider returned no ID token');
    const jwksUri = await userManager.metadataService.getKeysEndpoint(false);
    await verifyIdToken(user.id_token, remoteKeys(jwksUri), { issuer: oidc.issuer, clientId: oidc.clientId, nonce });
  }

  async function accept(user: User, nonce?: string): Promise<AuthUser> {
    try {
      await verify(user, nonce);
    } catch (error) {
      await userManager.removeUser();
      throw error;
    }
    current = user;
    return toAuthUser(user);
  }

  function notify(user: AuthUser | null): void {
    listeners.forEach((listener) => listener(user));
  }

  // Automatic silent renew stores a new user: verify it (no nonce of ours to compare) before use.
  userManager.events.addUserLoaded((user) => {
    if (signingIn) return;
    accept(user)
      .then(notify)
      .catch((error: unknown) => {
        logger.error('AUTH', 'Renewed ID token failed verification', { error });
        current = null;
        notify(null);
      });
  });
  userManager.events.addUserUnloaded(() => {
    current = null;
    notify(null);
  });
  userManager.events.addSilentRenewError((error) => logger.warn('AUTH', 'Silent renew failed', { error }));
  userManager.events.addAccessTokenExpired(() => {
    // Renewal did not happen in time: the session is over for this app.
    void userManager.removeUser();
  });

  async function renew(): Promise<User> {
    renewing ??= userManager.signinSilent().then((user) => {
      if (!user) throw new Error('Silent renew returned no user');
      // Usable at once; the userLoaded listener verifies it and drops it if it fails.
      current = user;
      return user;
    });
    try {
      return await renewing;
    } finally {
      renewing = null;
    }
  }

  return {
    async signIn(returnTo) {
      const nonce = randomNonce();
      await userManager.signinRedirect({ nonce, state: { nonce, returnTo } satisfies SignInState });
    },

    async completeSignIn(url) {
      signingIn = true;
      try {
        const user = await userManager.signinCallback(url);
        if (!user) throw new Error('The callback carried no sign-in response');
        const state = user.state as Partial<SignInState> | undefined;
        if (!state?.nonce) throw new Error('The sign-in response has no nonce to check');
        return { user: await accept(user, state.nonce), returnTo: safeReturnTo(state.returnTo) };
      } finally {
        signingIn = false;
      }
    },

    async restoreSession() {
      const stored = await userManager.getUser();
      if (stored && !stored.expired) {
        current = stored;
        return toAuthUser(stored);
      }
      signingIn = true;
      try {
        if (stored?.refresh_token) return await accept(await renew());
        const nonce = randomNonce();
        const user = await userManager.signinSilent({ nonce, state: { nonce } satisfies SignInState, silentRequestTimeoutInSeconds: SESSION_CHECK_TIMEOUT_SECONDS });
        if (!user) return null;
        return await accept(user, nonce);
      } catch (error) {
        if (!(error instanceof ErrorResponse && error.error && SIGNED_OUT_ERRORS.has(error.error))) {
          logger.warn('AUTH', 'Session check failed', { error });
        }
        await userManager.removeUser();
        return null;
      } finally {
        signingIn = false;
      }
    },

    async signOut() {
      current = null;
      // Removes the stored user, then ends the provider's session with id_token_hint.
      await userManager.signoutRedirect();
    },

    async getAccessToken() {
      const user = current ?? (await userManager.getUser());
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
      return current && !current.expired ? current.access_token : null;
    },

    onUserChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
