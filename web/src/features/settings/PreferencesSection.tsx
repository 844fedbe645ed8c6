import { useState } from 'react';
import type { UserPreferences } from '@ust/schemas';
import { DEFAULT_PREFERENCES } from '@ust/schemas/constants';
import { usePreferencesMutation, usePreferencesQuery } from '../../api';

/** The spec's labels (docs/product.md section 2), in its order. */
const PREFERENCES: readonly { key: keyof UserPreferences; label: string }[] = [
  { key: 'email_notifications', label: 'Email notifications for facility updates' },
  { key: 'show_all_search_markers', label: 'Show map markers for all search results' },
  { key: 'high_risk_alerts', label: 'High-risk facility alerts' },
];

/**
 * The three preferences, read from the account and saved at once on each change (all three
 * values go with every save). A save that fails puts the checkboxes back to what the server holds.
 */
export function PreferencesSection() {
  const saved = usePreferencesQuery();
  const save = usePreferencesMutation();
  // While a save is on its way the boxes show what was asked, so a second change builds on it.
  // Kept in this component's state, set in the change handler itself: the mutation's own pending
  // state reaches the component a task later, and in between React would put the box back.
  const [asked, setAsked] = useState<UserPreferences>();
  const shown: UserPreferences = asked ?? saved.data ?? DEFAULT_PREFERENCES;
  const change = (preferences: UserPreferences) => {
    setAsked(preferences);
    save.mutate(preferences, { onSettled: () => setAsked(undefined) });
  };

  let status = '';
  if (saved.isError) status = `Your preferences could not be loaded: ${saved.error.message}`;
  else if (save.isPending) status = 'Saving…';
  else if (save.isError) status = `Not saved: ${save.error.message}`;
  else if (save.isSuccess) status = 'Saved';

  return (
    <section className="card settings-section" aria-labelledby="preferences-heading" aria-busy={saved.isPending}>
      <h2 id="preferences-heading">Preferences</h2>
      <p className="muted">Saved to your account.</p>
      <div className="preferences">
        {PREFERENCES.map(({ key, label }) => (
          <label key={key} className="checkbox">
            <input type="checkbox" checked={shown[key]} disabled={!saved.data} onChange={(event) => change({ ...shown, [key]: event.target.checked })} />
            <span>{label}</span>
          </label>
        ))}
      </div>
      <p className={`preferences-status${save.isError || saved.isError ? ' preferences-status-error' : ''}`} role="status">
        {status}
      </p>
    </section>
  );
}
