import type { User, UserManager } from 'oidc-client-ts';
import type { AppConfig } from '../../config';
import { toAuthUser, type AuthUser } from './auth-user';
import type { SessionHint } from './session-hint';

/**
 * The user the auth client holds, owned by one client for the page's life: a user is held only
 * once its ID token has been verified (verify-id-token.ts), and listeners hear of every change.
 */
export class AuthSession {
  /** The verified user, or one a silent renewal just returned (verified as it is stored). */
  current: User | null = null;
  /** Set while a sign-in we started is in flight: its user is verified with the nonce there. */
  signingIn = false;
  private readonly listeners = new Set<(user: AuthUser | null) => void>();

  constructor(
    private readonly userManager: UserManager,
    private readonly oidc: AppConfig['oidc'],
    private readonly hint: SessionHint,
  ) {}

  /** Verifies the user's ID token and holds the user; a user that fails is removed from storage. */
  async accept(user: User, nonce?: string): Promise<AuthUser> {
    try {
      await this.verify(user, nonce);
    } catch (error) {
      await this.userManager.removeUser();
      throw error;
    }
    this.current = user;
    this.hint.note();
    return toAuthUser(user);
  }

  /** Runs a sign-in of ours: the user it stores is verified there, not by the renewal listener. */
  async signIn<T>(run: () => Promise<T>): Promise<T> {
    this.signingIn = true;
    try {
      return await run();
    } finally {
      this.signingIn = false;
    }
  }

  notify(user: AuthUser | null): void {
    this.listeners.forEach((listener) => listener(user));
  }

  onChange(listener: (user: AuthUser | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async verify(user: User, nonce?: string): Promise<void> {
    // Loaded on demand, so jose is not in the landing page's bundle.
    const { verifyIdToken, remoteKeys } = await import('./verify-id-token');
    if (!user.id_token) throw new Error('The provider returned no ID token');
    const jwksUri = await this.userManager.metadataService.getKeysEndpoint(false);
    await verifyIdToken(user.id_token, remoteKeys(jwksUri), { issuer: this.oidc.issuer, clientId: this.oidc.clientId, nonce });
  }
}
