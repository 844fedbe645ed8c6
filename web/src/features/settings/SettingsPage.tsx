/** /settings (docs/product.md section 2): profile, colour theme, and three preferences that are not saved. */
import { useState } from 'react';
import { Page } from '../../components/Page';
import { useTheme } from '../../theme';
import { RequireSignIn, RoleBadge, useAuth, useRole } from '../auth';
import { ThemeCard } from './ThemeCard';
import './settings.css';

export function SettingsPage() {
  return (
    <RequireSignIn prompt="Please log in to access settings.">
      <Settings />
    </RequireSignIn>
  );
}

/** docs/product.md section 2 defaults. */
const PREFERENCES = [
  { id: 'email-notifications', label: 'Email notifications for facility updates', initial: false },
  { id: 'all-markers', label: 'Show map markers for all search results', initial: true },
  { id: 'high-risk-alerts', label: 'High-risk facility alerts', initial: true },
] as const;

function Settings() {
  const { user } = useAuth();
  const { role } = useRole();
  const { theme, themes, setTheme } = useTheme();
  const [preferences, setPreferences] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(PREFERENCES.map((preference) => [preference.id, preference.initial])),
  );

  return (
    <Page title="Settings">
      <section className="card settings-section" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <dl className="profile">
          <dt>Name</dt>
          <dd>{user?.name || 'User'}</dd>
          <dt>Email</dt>
          <dd>{user?.email ?? 'Not provided'}</dd>
          <dt>Role</dt>
          <dd>
            <RoleBadge role={role} />
          </dd>
        </dl>
      </section>

      <section className="card settings-section" aria-labelledby="theme-heading">
        <h2 id="theme-heading">Theme</h2>
        <p className="muted">The theme applies at once and is remembered in this browser.</p>
        <fieldset className="theme-grid">
          <legend className="visually-hidden">Colour theme</legend>
          {themes.map((candidate) => (
            <ThemeCard key={candidate.id} theme={candidate} selected={candidate.id === theme.id} onSelect={() => setTheme(candidate.id)} />
          ))}
        </fieldset>
      </section>

      <section className="card settings-section" aria-labelledby="preferences-heading">
        <h2 id="preferences-heading">Preferences</h2>
        <p className="muted">These preferences are not saved yet.</p>
        <div className="preferences">
          {PREFERENCES.map((preference) => (
            <label key={preference.id} className="checkbox">
              <input
                type="checkbox"
                checked={preferences[preference.id] ?? preference.initial}
                onChange={(event) => setPreferences((previous) => ({ ...previous, [preference.id]: event.target.checked }))}
              />
              <span>{preference.label}</span>
            </label>
          ))}
        </div>
      </section>
    </Page>
  );
}
