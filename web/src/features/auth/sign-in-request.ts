/** What a sign-in request carries through the provider and back, and where the app goes after it. */

export interface SignInState {
  nonce: string;
  returnTo?: string;
}

const DEFAULT_RETURN_TO = '/dashboard';

/** A fresh nonce for one sign-in request: 16 random bytes, base64url. */
export function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
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
