// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
