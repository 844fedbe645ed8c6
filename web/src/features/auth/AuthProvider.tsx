import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { logger, setTelemetryIdentity } from '../../telemetry';
import type { AuthClient, AuthUser } from './auth-client';
import { isSignInCallback } from './sign-in-request';
import { AuthContext, type AuthContextValue, type AuthStatus } from '../../auth-state';

export const LOGIN_FAILED = 'Login failed';

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  error: string | null;
  returnTo: string | null;
}

const signedOut: AuthState = { status: 'unauthenticated', user: null, error: null, returnTo: null };

/** Runs the sign-in callback or the session check once, then follows renewals and sign-outs. */
export function AuthProvider({ client, children }: { client: AuthClient; children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null, error: null, returnTo: null });
  // StrictMode runs effects twice; the callback's code can be exchanged only once.
  const started = useRef(false);

  useEffect(() => {
    const unsubscribe = client.onUserChange((user) => setState((previous) => (user ? { ...previous, status: 'authenticated', user, error: null } : signedOut)));
    if (!started.current) {
      started.current = true;
      const start: Promise<{ user: AuthUser | null; returnTo: string | null }> = isSignInCallback(window.location)
        ? client.completeSignIn(window.location.href)
        : client.restoreSession().then((user) => ({ user, returnTo: null }));
      start.then(
        ({ user, returnTo }) => setState(user ? { status: 'authenticated', user, error: null, returnTo } : signedOut),
        (error: unknown) => {
          logger.error('AUTH', LOGIN_FAILED, { error });
          setState({ status: 'error', user: null, error: LOGIN_FAILED, returnTo: null });
        },
      );
    }
    return unsubscribe;
  }, [client]);

  useEffect(() => {
    setTelemetryIdentity({ user: state.user, accessToken: () => (state.user ? client.currentAccessToken() : null) });
  }, [client, state.user]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn: (returnTo) => {
        client.signIn(returnTo).catch((error: unknown) => {
          logger.error('AUTH', LOGIN_FAILED, { error });
          setState({ status: 'error', user: null, error: LOGIN_FAILED, returnTo: null });
        });
      },
      signOut: () => {
        client.signOut().catch((error: unknown) => {
          // The local session is gone either way; the provider's may outlive it.
          logger.error('AUTH', 'Logout failed', { error });
          setState(signedOut);
        });
      },
      getAccessToken: () => client.getAccessToken(),
    }),
    [client, state],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
