// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACTIVITIES, ADMIN_ANALYTICS, ADMIN_LOGS, ADMIN_SESSIONS, ADMIN_USERS } from '../../testing/api-bodies';
import { renderApp } from '../../testing/render-app';
import { useRole } from '../auth';
import { AdminConsole } from './AdminConsole';

const ROUTES = {
  'GET /api/admin/logs': ADMIN_LOGS,
  'GET /api/admin/user-activities': ADMIN_ACTIVITIES,
  'GET /api/admin/users': ADMIN_USERS,
  'GET /api/admin/sessions': ADMIN_SESSIONS,
  'GET /api/admin/analytics': ADMIN_ANALYTICS,
};

/** The role as the app knows it, once the profile call has answered. */
function RoleLine() {
  const { role, pending } = useRole();
  return <p>{pending ? 'Role pending' : `Role: ${role}`}</p>;
}

/** The rows of the panel's table, each as its cells' texts. */
function tableRows(panel: HTMLElement): string[][] {
  return within(within(panel).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('the admin console', () => {
  // Five tabs, each a render and a reload of the admin data: more than vitest's default time on a busy machine.
  it('opens on System Logs, and each tab shows its own data', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { gateway } = renderApp(<AdminConsole />, { role: 'admin', routes: ROUTES, path: '/dashboard' });
    const tabs = await screen.findByRole('tablist', { name: 'Admin console views' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['System Logs', 'User Activities', 'User Management', 'Active Sessions', 'Analytics']);
    const panel = screen.getByRole('tabpanel');

    // System Logs, the default: the newest entries from the browsers and the API.
    expect(screen.getByRole('tab', { name: 'System Logs' })).toHaveAttribute('aria-selected', 'true');
    expect(panel).toHaveAccessibleName('System Logs');
    await within(panel).findByRole('table', { name: 'System logs, newest first' });
    const [error, request] = tableRows(panel) as [string[], string[]];
    expect(error.slice(1)).toEqual(['ERROR', 'API', 'API call failed', 'demo-broker', 'status 504POST /api/search-address']);
    expect(request.slice(1)).toEqual(['INFO', 'REQUEST', 'request completed', 'demo-broker', '42.5 msstatus 200GET /api/facilities/5000533']);
    expect(gateway.callsTo('GET /api/admin/logs')[0]?.url).toBe('/api/admin/logs?limit=20');

    await user.click(screen.getByRole('tab', { name: 'User Activities' }));
    expect(screen.getByRole('tab', { name: 'User Activities' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'System Logs' })).toHaveAttribute('aria-selected', 'false');
    expect(panel).toHaveAccessibleName('User Activities');
    await within(panel).findByRole('table', { name: 'User activities, newest first' });
    expect(tableRows(panel).map(([userName, activity, , role, details]) => [userName, activity, role, details])).toEqual([
      ['demo-broker', 'facility view', 'broker', 'Facility 500053338.9068, -76.9990'],
      ['demo-broker', 'address search', 'broker', '38.9031, -76.9819'],
    ]);

    await user.click(screen.getByRole('tab', { name: 'User Management' }));
    expect(panel).toHaveAccessibleName('User Management');
    await within(panel).findByRole('table', { name: 'Users' });
    expect(within(panel).getByText('admin@ust.local').closest('tr')).toHaveTextContent('(you)');
    expect(within(panel).getByText('general@ust.local').closest('tr')).toHaveTextContent('Inactive');
    const count = (label: string) => within(panel).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(count('Total users')).toHaveTextContent('3');
    expect(count('Brokers')).toHaveTextContent('1');
    expect(count('Inactive')).toHaveTextContent('1');

    await user.click(screen.getByRole('tab', { name: 'Active Sessions' }));
    expect(panel).toHaveAccessibleName('Active Sessions');
    const session = await within(panel).findByRole('article', { name: 'Session 1772720400000-8f3a2c1d' });
    expect(within(session).getByRole('heading')).toHaveTextContent('…8f3a2c1d');
    expect(within(session).getByText('User').nextElementSibling).toHaveTextContent('demo-broker');
    expect(within(session).getByText('Actions').nextElementSibling).toHaveTextContent('7');
    expect(
      within(session)
        .getAllByRole('listitem')
        .map((page) => page.textContent),
    ).toEqual(['/county-map', '/dashboard', '/search']);

    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(panel).toHaveAccessibleName('Analytics');
    const card = async (label: string) => (await within(panel).findByText(label, { exact: false, selector: 'dt' })).nextElementSibling;
    expect(await card('Total Users')).toHaveTextContent('2');
    expect(await card('Error Rate')).toHaveTextContent('2.4%');
    expect(await card('Avg Response Time')).toHaveTextContent('38 ms');
    const anonymous = within(panel).getByRole('region', { name: /Without sign-in/ });
    expect(within(anonymous).getByText('Errors').nextElementSibling).toHaveTextContent('1');
    expect(within(panel).getByRole('figure', { name: 'Requests per minute (358 in the hour)' })).toBeInTheDocument();
    expect(within(panel).getByRole('figure', { name: 'Errors per minute (1 in the hour)' })).toBeInTheDocument();
  });

  it('shows nothing to a user who is not an admin, and asks nothing of the admin API', async () => {
    const { gateway } = renderApp(
      <>
        <RoleLine />
        <AdminConsole />
      </>,
      { role: 'broker', routes: ROUTES, path: '/dashboard' },
    );
    await screen.findByText('Role: broker');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(gateway.calls.filter((call) => call.url.startsWith('/api/admin/'))).toEqual([]);
  });
});
