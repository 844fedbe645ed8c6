/**
 * The sign-in state every part of the app reads: the screens, and the API layer's queries, which
 * are keyed by the signed-in user. Beside the app rather than in features/auth, so that
 * web/src/api depends on no feature (features/auth/AuthProvider.tsx provides it).
 */
import { createContext, useContext } from 'react';
import type { AuthUser } from './features/auth/auth-user';

/** docs/product.md section 4: loading at start, then signed in or not; a failed sign-in is an error. */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'error';

export interface AuthContextValue {
  status: AuthStatus;
  /** Set when authenticated. */
  user: AuthUser | null;
  /** 'Login failed' in the error state. */
  error: string | null;
  /** Where the app goes once a sign-in callback completes. */
  returnTo: string | null;
  signIn(returnTo?: string): void;
  signOut(): void;
  /** For the API client; throws 'Get access token failed'. */
  getAccessToken(): Promise<string | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it');
  return auth;
}
