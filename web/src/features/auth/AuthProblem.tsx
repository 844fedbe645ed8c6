import { useAuth } from '../../auth-state';

/** 'Login failed' (docs/product.md section 8), with a way to try again. */
export function LoginFailed() {
  const { error, signIn } = useAuth();
  return (
    <div className="notice notice-error card" role="alert">
      <h1>{error ?? 'Login failed'}</h1>
      <p>Signing in did not complete. You can try again; if it keeps failing, contact an administrator.</p>
      <button type="button" className="button button-primary" onClick={() => signIn()}>
        Try again
      </button>
    </div>
  );
}

/** docs/decisions/0004-deactivated-accounts.md: the API refuses a deactivated account, and the app says why. */
export function AccountDeactivated() {
  const { user, signOut } = useAuth();
  return (
    <div className="notice notice-error card" role="alert">
      <h1>Your account is deactivated</h1>
      <p>The account {user?.email ? <strong>{user.email}</strong> : null} can no longer use the platform. Contact an administrator to restore access.</p>
      <button type="button" className="button button-secondary" onClick={signOut}>
        Logout
      </button>
    </div>
  );
}
