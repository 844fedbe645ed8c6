// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAlerts, watchAlert } from '../../testing/alerts-gateway';
import { renderApp } from '../../testing/render-app';
import { NotificationsMenu } from './NotificationsMenu';

const SCORE = watchAlert();
const NEARBY = watchAlert({
  id: 'al-2',
  item_id: 'wi-2',
  item_kind: 'place',
  item_label: '1016 Bladensburg Rd NE',
  change: 'added_nearby',
  summary: 'New facility within 0.5 miles: QUICK STOP 12',
  facilities: [{ facility_id: '5000600', name: 'QUICK STOP 12', old_value: null, new_value: '3 (low)' }],
  high_risk: false,
  created_at: '2025-03-05T14:00:00.000Z',
});
const OLDER = watchAlert({ id: 'al-3', summary: 'Tanks 2 → 3', change: 'tanks', high_risk: false, unread: false, created_at: '2025-02-01T10:00:00.000Z' });

function renderMenu(alerts = [SCORE, NEARBY, OLDER]) {
  const fake = fakeAlerts(alerts);
  return renderApp(
    <>
      <NotificationsMenu />
      <p>Outside the menu</p>
    </>,
    { routes: fake.routes },
  );
}

describe('the notifications menu', () => {
  it('names the unread count, and opens on the newest alerts, the unread ones marked New, with a link to all', async () => {
    const user = userEvent.setup();
    const { gateway } = renderMenu();
    const button = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(button).toHaveTextContent('2');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(gateway.callsTo('GET /api/alerts').map((call) => new URL(call.url, 'http://localhost').searchParams.get('limit'))).toContain('10');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(panel).toHaveFocus();
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.notifications-summary')!.textContent)).toEqual([
      'New Risk score 4 → 8 (moderate → high)',
      'New New facility within 0.5 miles: QUICK STOP 12',
      'Tanks 2 → 3',
    ]);
    expect(items[0]).toHaveTextContent('MARATHON FLORIDA 228965 · Renewals ·');
    expect(items[1]).toHaveTextContent('1016 Bladensburg Rd NE · Renewals ·');
    expect(within(items[2]!).queryByText('New')).toBeNull();
    expect(within(panel).getByRole('link', { name: 'All alerts' })).toHaveAttribute('href', '/alerts');
    // Opening the menu marks nothing read.
    expect(gateway.callsTo('POST /api/alerts/seen')).toHaveLength(0);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(button).toHaveFocus();

    await user.click(button);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    await user.click(screen.getByText('Outside the menu'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('says so when there are no alerts, and is named without a count', async () => {
    const user = userEvent.setup();
    renderMenu([]);
    const button = await screen.findByRole('button', { name: 'Notifications' });
    expect(button.querySelector('.notifications-count')).toBeNull();
    await user.click(button);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(panel).findByText('No alerts yet. Watch facilities and places to hear when they change.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'All alerts' })).toHaveAttribute('href', '/alerts');
  });
});
