import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../auth-state';
import { NotificationsMenu } from '../features/alerts/NotificationsMenu';
import { useRole } from '../features/auth/useRole';

/** docs/product.md section 2, navigation bar. */
export function NavBar() {
  const { status, user, signIn, signOut } = useAuth();
  const { isAdmin, canScreen, deactivated } = useRole();
  const location = useLocation();
  const signedIn = status === 'authenticated';
  const settingsLabel = `Settings for ${user?.name || 'User'}`;
  return (
    <header className="app-header">
      <nav className="app-nav" aria-label="Main">
        <Link to="/" className="app-brand">
          <BrandMark />
          <span>UST Risk Platform</span>
        </Link>
        {signedIn && !deactivated && (
          <ul className="app-nav-links">
            <li>
              <NavLink to="/dashboard">Dashboard</NavLink>
            </li>
            <li>
              <NavLink to="/county-map">Map</NavLink>
            </li>
            <li>
              <NavLink to="/search">Search</NavLink>
            </li>
            <li>
              <NavLink to="/watchlists">Watchlists</NavLink>
            </li>
            <li>
              <NavLink to="/model">Model</NavLink>
            </li>
            {canScreen && (
              <li>
                <NavLink to="/screenings">Screening</NavLink>
              </li>
            )}
            {isAdmin && (
              <li>
                <NavLink to="/tank-ai">Tank AI</NavLink>
              </li>
            )}
          </ul>
        )}
        <div className="app-nav-actions">
          {signedIn && (
            <>
              {!deactivated && <NotificationsMenu />}
              {!deactivated && (
                <NavLink to="/settings" className="settings-link" title={settingsLabel} aria-label={settingsLabel}>
                  <GearIcon />
                </NavLink>
              )}
              <button type="button" className="button button-on-header" onClick={signOut}>
                Logout
              </button>
            </>
          )}
          {(status === 'unauthenticated' || status === 'error') && (
            <button type="button" className="button button-on-header" onClick={() => signIn(location.pathname === '/' ? undefined : location.pathname)}>
              Login
            </button>
          )}
        </div>
      </nav>
    </header>
  );
}

function BrandMark() {
  return (
    <svg className="app-brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="8" fill="currentColor" opacity="0.16" />
      <path d="M5 14h22" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <rect x="8" y="18" width="16" height="8" rx="4" fill="currentColor" />
      <path d="M16 5c2.6 3 3.9 5.2 3.9 6.6a3.9 3.9 0 0 1-7.8 0C12.1 10.2 13.4 8 16 5z" fill="currentColor" />
    </svg>
  );
}

function GearIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.14 12.94a7.49 7.49 0 0 0 .05-.94 7.49 7.49 0 0 0-.05-.94l2.03-1.58a.5.5 0 0 0 .12-.64l-1.92-3.32a.5.5 0 0 0-.6-.22l-2.39.96a7.03 7.03 0 0 0-1.63-.94l-.36-2.54A.5.5 0 0 0 13.9 2h-3.8a.5.5 0 0 0-.49.42l-.36 2.54a7.03 7.03 0 0 0-1.63.94l-2.39-.96a.5.5 0 0 0-.6.22L2.71 8.48a.5.5 0 0 0 .12.64l2.03 1.58a7.49 7.49 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.64l1.92 3.32a.5.5 0 0 0 .6.22l2.39-.96c.5.38 1.05.7 1.63.94l.36 2.54a.5.5 0 0 0 .49.42h3.8a.5.5 0 0 0 .49-.42l.36-2.54a7.03 7.03 0 0 0 1.63-.94l2.39.96a.5.5 0 0 0 .6-.22l1.92-3.32a.5.5 0 0 0-.12-.64zM12 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"
      />
    </svg>
  );
}
