/**
 * /settings (docs/product.md section 2): profile, colour theme, three preferences saved to the
 * account, and the user's webhooks (docs/decisions/0122-webhooks.md).
 */
import { Page } from '../../components/Page';
import { useTheme } from '../../theme';
import { RequireSignIn, RoleBadge, useAuth, useRole } from '../auth';
import { PreferencesSection } from './PreferencesSection';
import { ThemeCard } from './ThemeCard';
import { WebhooksSection } from './WebhooksSection';
import './settings.css';

export function SettingsPage() {
  return (
    <RequireSignIn prompt="Please log in to access settings.">
      <Settings />
    </RequireSignIn>
  );
}

function Settings() {
  const { user } = useAuth();
  const { role } = useRole();
  const { theme, themes, setTheme } = useTheme();

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

      <PreferencesSection />
      <WebhooksSection />
    </Page>
  );
}
