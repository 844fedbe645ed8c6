import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../../auth-state';

/**
 * Shows the screen's own signed-out prompt (docs/product.md section 2) with a Login button
 * that comes back to this screen; renders the screen once signed in.
 */
export function RequireSignIn({ prompt, children }: { prompt: string; children: ReactNode }) {
  const { status, signIn } = useAuth();
  const location = useLocation();
  if (status === 'authenticated') return children;
  return (
    <div className="sign-in-prompt card">
      <p className="sign-in-prompt-text">{prompt}</p>
      <button type="button" className="button button-primary" onClick={() => signIn(`${location.pathname}${location.search}`)}>
        Login
      </button>
    </div>
  );
}
