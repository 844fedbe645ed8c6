// @vitest-environment jsdom
import type { UserPreferences } from '@ust/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { gatewayError, type GatewayCall } from '../../testing/gateway-stub';
import { renderApp } from '../../testing/render-app';
import { THEME_STORAGE_KEY } from '../../theme/apply-theme';
import { SettingsPage } from './SettingsPage';

const themePicker = () => screen.getByRole('group', { name: 'Colour theme' });
const background = () => document.documentElement.style.getPropertyValue('--color-background');

describe('the theme switch', () => {
  it('applies the chosen theme at once and remembers it for the next visit', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const first = renderApp(<SettingsPage />, { path: '/settings' });
    await screen.findByRole('heading', { name: 'Theme' });
    expect(
      within(themePicker())
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.querySelector('.theme-card-name')?.textContent),
    ).toEqual(['Professional Blue', 'Midnight Pro', 'Ocean Breeze', 'Forest Green', 'Sunset Glow', 'Royal Purple']);
    expect(screen.getByRole('radio', { name: /Professional Blue/ })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('default');

    await user.click(screen.getByText('Midnight Pro'));
    const midnight = screen.getByRole('radio', { name: /Midnight Pro/ });
    expect(midnight).toBeChecked();
    expect(screen.getByRole('radio', { name: /Professional Blue/ })).not.toBeChecked();
    expect(within(midnight.closest('label')!).getByText('Selected')).toBeInTheDocument();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(background()).toBe('#0b1220');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    // A new visit: the page starts from what the browser remembered.
    first.unmount();
    document.documentElement.removeAttribute('style');
    renderApp(<SettingsPage />, { path: '/settings' });
    await screen.findByRole('heading', { name: 'Theme' });
    expect(screen.getByRole('radio', { name: /Midnight Pro/ })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(background()).toBe('#0b1220');
  });

  it('switches back, from the keyboard too', async () => {
    const user = userEvent.setup();
    renderApp(<SettingsPage />, { path: '/settings' });
    await screen.findByRole('heading', { name: 'Theme' });
    await user.click(screen.getByText('Ocean Breeze'));
    expect(screen.getByRole('radio', { name: /Ocean Breeze/ })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: /Professional Blue/ })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('default');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('default');
  });
});

describe('the preferences', () => {
  const SAVED: UserPreferences = { email_notifications: true, show_all_search_markers: false, high_risk_alerts: true };
  const checkbox = (name: string) => screen.getByRole('checkbox', { name });

  it('load from the account, disabled until they have, and each change saves all three at once', async () => {
    const user = userEvent.setup();
    const { gateway } = renderApp(<SettingsPage />, {
      path: '/settings',
      routes: { 'GET /api/me/preferences': SAVED, 'PUT /api/me/preferences': (call: GatewayCall) => call.body },
    });
    await screen.findByRole('heading', { name: 'Preferences' });
    expect(screen.getByText('Saved to your account.')).toBeInTheDocument();
    expect(screen.queryByText('These preferences are not saved yet.')).not.toBeInTheDocument();
    await waitFor(() => expect(checkbox('Email notifications for facility updates')).toBeEnabled());
    expect(checkbox('Email notifications for facility updates')).toBeChecked();
    expect(checkbox('Show map markers for all search results')).not.toBeChecked();
    expect(checkbox('High-risk facility alerts')).toBeChecked();

    await user.click(checkbox('High-risk facility alerts'));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(checkbox('High-risk facility alerts')).not.toBeChecked();
    await user.click(checkbox('Show map markers for all search results'));
    await waitFor(() => expect(gateway.callsTo('PUT /api/me/preferences')).toHaveLength(2));
    expect(gateway.callsTo('PUT /api/me/preferences').map((call) => call.body)).toEqual([
      { email_notifications: true, show_all_search_markers: false, high_risk_alerts: false },
      { email_notifications: true, show_all_search_markers: true, high_risk_alerts: false },
    ]);
  });

  it("says why a save failed, in the server's words, and shows what the account still holds", async () => {
    const user = userEvent.setup();
    renderApp(<SettingsPage />, {
      path: '/settings',
      routes: { 'GET /api/me/preferences': SAVED, 'PUT /api/me/preferences': gatewayError(503, 'UNAVAILABLE', 'The preferences store is unavailable') },
    });
    await screen.findByRole('heading', { name: 'Preferences' });
    await waitFor(() => expect(checkbox('Email notifications for facility updates')).toBeEnabled());
    await user.click(checkbox('Email notifications for facility updates'));
    expect(await screen.findByText('Not saved: The preferences store is unavailable')).toHaveAttribute('role', 'status');
    expect(checkbox('Email notifications for facility updates')).toBeChecked();
  });
});
