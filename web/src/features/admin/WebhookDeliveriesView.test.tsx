// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACTIVITIES, ADMIN_ANALYTICS, ADMIN_LOGS, ADMIN_SESSIONS, ADMIN_USERS } from '../../testing/api-bodies';
import { renderApp } from '../../testing/render-app';
import { fakeWebhooks, webhookDelivery } from '../../testing/webhooks-gateway';
import { AdminConsole } from './AdminConsole';

/** Newest first: a delivery given up after its third try, its first try, and one that got through. */
const DELIVERIES = [
  webhookDelivery({
    delivery_id: 'dl-dead',
    attempt: 3,
    at: '2025-03-05T14:40:00.000Z',
    status: null,
    error: 'connect ECONNREFUSED',
    duration_ms: 1_500,
    dead: true,
  }),
  webhookDelivery({
    delivery_id: 'dl-ok',
    owner_id: 'user-admin',
    host: 'alerts.example.org',
    at: '2025-03-05T14:35:00.000Z',
    ok: true,
    status: 202,
    error: null,
    duration_ms: 31,
    alerts: 1,
  }),
  webhookDelivery({ delivery_id: 'dl-dead', attempt: 1, at: '2025-03-05T14:30:00.000Z' }),
];

const CONSOLE_ROUTES = {
  'GET /api/admin/logs': ADMIN_LOGS,
  'GET /api/admin/user-activities': ADMIN_ACTIVITIES,
  'GET /api/admin/users': ADMIN_USERS,
  'GET /api/admin/sessions': ADMIN_SESSIONS,
  'GET /api/admin/analytics': ADMIN_ANALYTICS,
};

/** The body rows of the table, each as its cells' texts. */
function tableRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('Webhook Deliveries', () => {
  it('opens from ?admin=webhook-deliveries and lists the newest tries, a Dead badge on the one given up', { timeout: 20_000 }, async () => {
    const fake = fakeWebhooks([], DELIVERIES);
    const { gateway } = renderApp(<AdminConsole />, {
      role: 'admin',
      path: '/dashboard?admin=webhook-deliveries',
      routes: { ...CONSOLE_ROUTES, ...fake.routes },
    });
    const view = await screen.findByRole('region', { name: 'Webhook Deliveries' });
    const table = await within(view).findByRole('table', { name: 'Webhook delivery tries, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Time', 'Delivery', 'Host', 'User', 'Try', 'Result', 'Error', 'Duration', 'Alerts']);
    expect(tableRows(table).map((cells) => cells.slice(1))).toEqual([
      ['dl-dead', 'hooks.example.com', 'user-broker', '3', 'FailedDead', 'connect ECONNREFUSED', '1,500 ms', '2'],
      ['dl-ok', 'alerts.example.org', 'user-admin', '1', 'OK (202)', '', '31 ms', '1'],
      ['dl-dead', 'hooks.example.com', 'user-broker', '1', 'Failed (500)', 'the receiver answered 500', '120 ms', '2'],
    ]);
    const dead = within(table).getByText('Dead');
    expect(dead).toHaveClass('badge', 'badge-dead');
    expect(dead.closest('tr')).toHaveClass('admin-row-dead');
    expect(within(table).getAllByText('Dead')).toHaveLength(1);
    expect(table.querySelector('time')).toHaveAttribute('datetime', '2025-03-05T14:40:00.000Z');
    // StrictMode may ask twice; every call asks for the newest 100 tries, dead or not.
    expect(new Set(gateway.callsTo('GET /api/admin/webhook-deliveries').map((call) => call.url))).toEqual(new Set(['/api/admin/webhook-deliveries?limit=100']));
    expect(gateway.unexpected).toEqual([]);
  });

  it('asks for the dead letters only with dead_only=true, and back', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const fake = fakeWebhooks([], DELIVERIES);
    const { gateway } = renderApp(<AdminConsole />, {
      role: 'admin',
      path: '/dashboard?admin=webhook-deliveries',
      routes: { ...CONSOLE_ROUTES, ...fake.routes },
    });
    const view = await screen.findByRole('region', { name: 'Webhook Deliveries' });
    await within(view).findByRole('table', { name: 'Webhook delivery tries, newest first' });

    await user.click(within(view).getByRole('checkbox', { name: 'Dead letters only' }));
    const dead = await within(view).findByRole('table', { name: 'Dead webhook deliveries, newest first' });
    await waitFor(() => expect(tableRows(dead)).toHaveLength(1));
    expect(tableRows(dead)[0]?.slice(1, 6)).toEqual(['dl-dead', 'hooks.example.com', 'user-broker', '3', 'FailedDead']);
    expect(gateway.callsTo('GET /api/admin/webhook-deliveries').at(-1)?.url).toBe('/api/admin/webhook-deliveries?limit=100&dead_only=true');

    await user.click(within(view).getByRole('checkbox', { name: 'Dead letters only' }));
    await waitFor(() => expect(tableRows(within(view).getByRole('table'))).toHaveLength(3));
    expect(gateway.unexpected).toEqual([]);
  });

  it('says when there are no dead letters', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const fake = fakeWebhooks([], [webhookDelivery({ ok: true, status: 200, error: null })]);
    renderApp(<AdminConsole />, { role: 'admin', path: '/dashboard?admin=webhook-deliveries', routes: { ...CONSOLE_ROUTES, ...fake.routes } });
    const view = await screen.findByRole('region', { name: 'Webhook Deliveries' });
    await within(view).findByRole('table');
    await user.click(within(view).getByRole('checkbox', { name: 'Dead letters only' }));
    expect(await within(view).findByText('No dead letters: every delivery got through or is still being retried.')).toBeInTheDocument();
    expect(within(view).queryByRole('table')).toBeNull();
  });
});
